/**
 * Prometheus metrics of the app (decision 0027): every answered request is timed by method, route pattern and status,
 * and `/metrics` is served where the configuration says, never publicly:
 * - `METRICS_PORT`: on a listener of its own (metrics/metrics-server.ts), started with the app and closed with it;
 * - `METRICS_TOKEN`: on the site's port, to `Authorization: Bearer <token>` only. Anyone else gets the site's own
 *   404, the answer of a path that does not exist, so the route is not advertised; for the same reason it is kept out
 *   of the OpenAPI document, which describes the API for its clients, not the operator's scrape.
 * Neither: no `/metrics` anywhere, and Node's process metrics are not even collected.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AppMetrics, UNMATCHED_ROUTE } from '../metrics/app-metrics';
import { type MetricsServer, startMetricsServer } from '../metrics/metrics-server';
import { OVERLOAD_EXEMPT } from './overload';

export interface MetricsOptions {
  metrics: AppMetrics;
  /** Serve `/metrics` on its own listener here. */
  port?: number;
  host: string;
  /** Serve `/metrics` on the site's port to this bearer token. */
  token?: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the Authorization header carries the token, compared in constant time: both sides hashed first, so neither
 * the token's length nor the position of a first wrong character shows in the time taken.
 */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer ([^\s]+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export default fp(async function metricsPlugin(app: FastifyInstance, { metrics, port, host, token }: MetricsOptions) {
  // The route's pattern (`/api/heatmap/:mapId`), never the URL: ids and query strings would make a series per value.
  // A request no route matched has no pattern, and all of them share one label.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  if (port === undefined && token === undefined) return;
  metrics.collectProcessMetrics();

  if (token !== undefined)
    app.get('/metrics', { config: OVERLOAD_EXEMPT, schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
      const { contentType, body } = await metrics.scrape();
      return reply.type(contentType).header('cache-control', 'no-store').send(body);
    });

  if (port !== undefined) {
    let server: MetricsServer | undefined;
    app.addHook('onReady', async () => {
      server = await startMetricsServer(metrics, { port, host }, (error) =>
        app.log.error({ err: error }, 'metrics scrape failed'),
      );
      app.log.info({ address: server.address }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      await server?.close();
    });
  }
});
