/**
 * What every console route shares: the Fastify instance type the area files register on, the guard (superuser, then
 * the per-operator limit), and the documented answers every change may give.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { AdminErrorCode } from '#shared/contracts/admin';
import { errorCodes, RateLimitedError } from '#shared/contracts/common';

/** The instance a `FastifyPluginAsyncZod` is handed: the console's area files register their routes on it. */
export type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

export interface RouteKit {
  /** `onRequest` of every console route: an active superuser, then at most `perMinute` requests a minute. */
  guard: ((request: FastifyRequest) => Promise<void>)[];
  /** The rules every route's description ends with. */
  rules: string;
  /** 429 of the per-operator limit. */
  limited: { 429: z.ZodType };
}

export const tags = ['admin'];

export function routeKit(
  app: AdminApp,
  perOperator: (request: FastifyRequest) => Promise<void>,
  perMinute: number,
): RouteKit {
  return {
    guard: [app.requireSuperuser, perOperator],
    rules:
      `Superusers only (401 without a token, 403 for anyone else); at most ${perMinute} requests a minute per ` +
      'operator over all console routes (ADMIN_PER_MINUTE). `Cache-Control: no-store`.',
    limited: {
      429: RateLimitedError.describe(
        `More than ${perMinute} console requests this minute from this operator; \`Retry-After\` says when`,
      ),
    },
  };
}

/** The words of an audited change. */
export const AUDITED =
  'The change and its audit row (who, what, target, before and after, when) commit in one transaction; the answer ' +
  "carries the row's `audit_id`.";

/** The words and answers of a change that asks for the operator's password again. */
export const CONFIRMED =
  "Destructive: the body carries the operator's `current_password`; a wrong one is 403 " +
  '`ADMIN_BAD_CURRENT_PASSWORD` and counts like a failed login (AUTH_ACCOUNT_PER_15MIN from one address, then 429).';

export const confirmedResponses = {
  403: errorCodes('Forbidden', AdminErrorCode.BAD_PASSWORD).describe(
    "`Forbidden`: the token's user is not a superuser; `ADMIN_BAD_CURRENT_PASSWORD`: `current_password` is wrong. " +
      'Nothing was changed',
  ),
  429: RateLimitedError.describe(
    'Too many console requests this minute, or too many wrong passwords for this account from this address in 15 ' +
      'minutes; `Retry-After` says when',
  ),
};

export const noChange = errorCodes(AdminErrorCode.NO_CHANGE);
