/**
 * `METRICS_PORT`: `/metrics` on a listener of its own (decision 0027), loopback unless `METRICS_HOST` says
 * otherwise, so a scraper on the host or the private network reads it without any credential and the site's port
 * never serves it. A bare node:http server rather than a second Fastify: one route, no body, nothing to validate.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './app-metrics';

export interface MetricsServer {
  address: AddressInfo;
  close(): Promise<void>;
}

export async function startMetricsServer(
  metrics: Pick<AppMetrics, 'scrape'>,
  { port, host }: { port: number; host: string },
  onError: (error: unknown) => void,
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  // A scraper keeps its connection open between scrapes; close() must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
