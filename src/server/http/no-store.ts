/**
 * `Cache-Control: no-store` on every answer that depends on who calls: no browser cache or shared proxy may keep
 * personal data or tokens. An onSend hook, so errors (401, 422, 429) get it too.
 *
 * `privateAnswers(app)` adds it to every route that reads the caller, judged from what the route declares when it is
 * registered, so a new route cannot forget it (http/no-store.test.ts checks the whole route table):
 * - it authenticates a user or superuser in `onRequest` (`app.requireUser`, `app.requireSuperuser`), or its declared
 *   `security` names a credential (bearer, a logger token): every answer;
 * - it takes `mine` (the logs): the answers to `mine=true`, so the public lists keep their caching;
 * - it is under `/api/admin/` (the consoles): every answer, whatever its guard says.
 * Routes whose answers are private for what they hand out rather than who asks (login's token) add `noStore`
 * themselves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  reply.header('cache-control', 'no-store');
  return payload;
}

async function noStoreForMine(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if ((request.query as { mine?: unknown } | undefined)?.mine === true) reply.header('cache-control', 'no-store');
  return payload;
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** How a route reads its caller: on every request, only with `mine=true`, or never. */
export function callerReading(app: FastifyInstance, route: RouteOptions): 'always' | 'mine' | 'never' {
  const schema = route.schema as { security?: Record<string, unknown>[]; querystring?: { shape?: object } } | undefined;
  if (route.url.startsWith('/api/admin/')) return 'always';
  if (schema?.querystring?.shape && 'mine' in schema.querystring.shape) return 'mine';
  const hooks = asList(route.onRequest as unknown);
  if (hooks.includes(app.requireUser) || hooks.includes(app.requireSuperuser)) return 'always';
  if (schema?.security?.some((alternative) => Object.keys(alternative).length > 0)) return 'always';
  return 'never';
}

/** Registers the rule above for every route added after it (app.ts: before the features). */
export function privateAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const reading = callerReading(app, route);
    if (reading === 'never') return;
    route.onSend = [...asList(route.onSend), reading === 'always' ? noStore : noStoreForMine] as RouteOptions['onSend'];
  });
}
