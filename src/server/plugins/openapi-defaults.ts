/**
 * What every route's documentation gets without writing it (decision 0019), added as each route is declared, so a
 * new route cannot forget it:
 * - a route with input (path parameters, query string or body) answers FastAPI's 422 list when the input does not
 *   match, so it documents `422: ValidationErrorBody` unless it documents its 422 itself;
 * - a route guarded by `app.requireUser` declares the user's bearer token as its security and documents 401; one
 *   guarded by `app.requireSuperuser` declares the `superuser` scheme and documents 401 and 403. A route that says
 *   either itself keeps what it says;
 * - every route but `/health`, `/ready` and `/metrics` may be refused while the server is overloaded (overload.ts),
 *   so it documents `503: OverloadedError`, beside its own 503 codes when it has some.
 *
 * Error schemas (4xx, 5xx) document; they do not judge. Every error body is built by the one error handler
 * (`errors.ts`) in the `{detail}` shape, and some come from below the route (an unreadable multipart body, an
 * undecodable `Content-Encoding`, an unsupported media type) with messages no route lists: checked against the
 * route's list of codes, such an answer would become a 500. So they are written as built (`trustedResponse`); each
 * route's tests pin the codes it documents.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ForbiddenError, OverloadedError, UnauthorizedError, ValidationErrorBody } from '#shared/contracts/common';
import { trustedResponse } from '../http/trusted-responses';
import { isOverloadExempt } from './overload';

type Security = { [scheme: string]: string[] }[];

interface Guard {
  security: Security;
  responses: Record<number, z.ZodType>;
}

const INVALID = ValidationErrorBody.describe(
  'The path, query or body does not match what this operation takes: one entry per problem (FastAPI validation list)',
);
const NO_TOKEN = UnauthorizedError.describe(
  'No valid bearer token: none sent, malformed, expired, revoked by logout or older than the last password change, ' +
    'or its user is gone or inactive',
);
const NOT_SUPERUSER = ForbiddenError.describe('The token is good but its user is not a superuser');
const OVERLOADED_WORDS =
  '`SERVER_OVERLOADED`: the server is overloaded (its event loop lags or its memory runs high) and refused the ' +
  'request at once; nothing was done. Send it again after `Retry-After` seconds';
const OVERLOADED = OverloadedError.describe(OVERLOADED_WORDS);

/**
 * The named component a response schema stands for: the schema itself or the one it was copied from by `.describe()`
 * or `trustedResponse()` (copies share the definition; zod does not pass the `id` on to them).
 */
export function componentOf(schema: z.ZodType): z.ZodType | undefined {
  for (let at: z.core.$ZodType | undefined = schema; at; at = at._zod.parent) {
    if (at._zod.def !== schema._zod.def) return undefined;
    if (z.globalRegistry.get(at)?.id) return at as z.ZodType;
  }
  return undefined;
}

/**
 * A route's own 503 and the overload's, as one response: either body (a named shape as itself, not a described copy,
 * which the document would wrap), both descriptions.
 */
function orOverloaded(own: z.ZodType): z.ZodType {
  const description = z.globalRegistry.get(own)?.description;
  return z
    .union([componentOf(own) ?? own, OverloadedError])
    .describe(description ? `${description}. Or ${OVERLOADED_WORDS}` : OVERLOADED_WORDS);
}

function hooksOf(route: RouteOptions): unknown[] {
  const hooks = route.onRequest;
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * The 503s this hook wrote: Fastify declares a GET's HEAD route with the same schema object, whose 503 must not be
 * joined to the overload's a second time.
 */
const WITH_OVERLOAD = new WeakSet<object>();

/** Adds the defaults above to every route declared on `app` (and its children) from now on. */
export function addOpenApiDefaults(app: FastifyInstance): void {
  app.addHook('onRoute', function (route) {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };

    if ((schema.params || schema.querystring || schema.body) && !response[422]) response[422] = INVALID;

    // The auth plugin's hooks, compared by identity: `this` is the instance the route is declared on.
    const hooks = hooksOf(route);
    const guard: Guard | null = hooks.includes(this.requireSuperuser)
      ? { security: [{ superuser: [] }], responses: { 401: NO_TOKEN, 403: NOT_SUPERUSER } }
      : hooks.includes(this.requireUser)
        ? { security: [{ bearer: [] }], responses: { 401: NO_TOKEN } }
        : null;
    if (guard) {
      schema.security ??= guard.security;
      for (const [status, body] of Object.entries(guard.responses)) response[status] ??= body;
    }
    const own503 = response[503] as z.ZodType | undefined;
    const refusable = !isOverloadExempt(route.config);
    if (refusable && !(own503 && WITH_OVERLOAD.has(own503))) response[503] = own503 ? orOverloaded(own503) : OVERLOADED;
    for (const [status, body] of Object.entries(response))
      if (Number(status) >= 400) response[status] = trustedResponse(body as z.ZodType);
    if (refusable) WITH_OVERLOAD.add(response[503] as z.ZodType);
    if (Object.keys(response).length) schema.response = response;
  });
}
