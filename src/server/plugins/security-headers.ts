/**
 * The security headers of every answer (pages, API, errors): the Content-Security-Policy the front end was built for
 * (decision 0005: no inline scripts) and helmet's defaults beside it. They are the same for every request, so they
 * are written once here and set by one synchronous hook: @fastify/helmet built helmet's middleware again for every
 * request (parsing the policy each time): 29 of a catalogue read's 63 µs of CPU (decision 0023).
 * `security-headers.test.ts` checks that these are exactly what @fastify/helmet sends with the same policy, so an
 * upgrade of its defaults shows up there.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The policy's directives, as helmet's `contentSecurityPolicy.directives` would take them. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  fontSrc: ["'self'", 'https:', 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Mantine injects its CSS variables in <style> tags.
  styleSrc: ["'self'", "'unsafe-inline'"],
  connectSrc: ["'self'"],
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export default fp(async function securityHeaders(app: FastifyInstance) {
  // onRequest, as helmet did: the headers are there whatever comes next (a 404, a 401, an error).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
});
