/**
 * What FastAPI answers for a path under /api that no route takes (docs/account-api.md §1.1): a trailing slash is
 * redirected (307) to the route without it (a relative `Location`), a known path with another method gets 405 with an
 * `Allow` header, anything else `404 {"detail":"Not Found"}`. Registered first inside the /api scope so it sees every
 * route declared after it.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

function toPattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

export default fp(async function apiFallback(app: FastifyInstance) {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    const known = routes.get(route.url) ?? { pattern: toPattern(route.url), methods: new Set<string>() };
    // Fastify adds a HEAD route beside every GET; FastAPI's Allow header does not list it.
    for (const method of ([] as HTTPMethods[]).concat(route.method)) {
      if (method.toUpperCase() !== 'HEAD') known.methods.add(method.toUpperCase());
    }
    routes.set(route.url, known);
  });

  const methodsFor = (path: string) => {
    const methods = new Set<string>();
    for (const route of routes.values()) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    return methods;
  };

  app.setNotFoundHandler((request, reply) => {
    const [path = '', query] = request.url.split(/\?(.*)/s, 2);
    if (path.length > 1 && path.endsWith('/')) {
      const bare = path.replace(/\/+$/, '');
      if (methodsFor(bare).has(request.method)) {
        // Relative (FastAPI writes the Host header back): a forged Host must not turn the redirect into a link
        // elsewhere. `bare` starts with `/api`, so it is never read as another host (`//…`).
        const location = `${bare}${query ? `?${query}` : ''}`;
        return reply.code(307).header('location', location).send();
      }
    }
    const allowed = methodsFor(path);
    if (allowed.size > 0) {
      return reply
        .code(405)
        .header('allow', [...allowed].sort().join(', '))
        .send({ detail: 'Method Not Allowed' });
    }
    return reply.code(404).send({ detail: 'Not Found' });
  });
});
