/**
 * A player's own data (docs/account-api.md §5, ours): their catches and sales as CSV, and deleting their account
 * with its data. `DELETE /api/users/me` stays FastAPI Users' superuser route (403 for a regular user), so deletion by
 * the owner is a POST with the current password. Exports are limited per user: each walks every row of the logger.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthErrorCode } from '#shared/account-rules';
import { DeleteAccountBody } from '#shared/contracts/auth';
import { errorCodes, RateLimitedError, ValidationErrorBody } from '#shared/contracts/common';
import { VIP_ERRORS } from '#shared/vip-rules';
import { currentUser } from '../../plugins/auth';
import { noStore } from '../../http/no-store';
import type { RateLimits } from '../../http/rate-limits';
import { requireJsonBody } from '../../http/json-bodies';
import { requestLocale } from '../../http/request-locale';
import type { OwnDataExport } from './own-data-export';
import type { ProfileService } from './profile.service';

const tags = ['users'];

/** Exports a user may start in EXPORT_WINDOW_MS: enough for both files a few times over, not for a loop. */
const EXPORTS_PER_WINDOW = 10;
const EXPORT_WINDOW_MS = 10 * 60_000;

export interface OwnDataRoutesOptions {
  profiles: ProfileService;
  ownData: OwnDataExport;
  rateLimits: RateLimits;
}

const csvResponses = (what: string) => ({
  200: z
    .string()
    .describe(
      `${what} as CSV (UTF-8 with a byte order mark, CRLF lines, a header line first; a header line alone without ` +
        'a bound logger). Times are ISO 8601 UTC; a text cell that a spreadsheet would run as a formula starts ' +
        'with an apostrophe. Sent as `text/csv` with `Content-Disposition: attachment`.',
    ),
  429: RateLimitedError.describe(
    `More than ${EXPORTS_PER_WINDOW} exports by this user in ${EXPORT_WINDOW_MS / 60_000} minutes; ` +
      '`Retry-After` says when to try again',
  ),
});

export const ownDataRoutes: FastifyPluginAsyncZod<OwnDataRoutesOptions> = async (
  app,
  { profiles, ownData, rateLimits },
) => {
  app.addHook('onSend', noStore);
  const exportLimit = rateLimits.perUser('export', EXPORTS_PER_WINDOW, EXPORT_WINDOW_MS);

  app.get(
    '/users/me/catches.csv',
    {
      onRequest: [app.requireUser, exportLimit],
      schema: {
        tags,
        summary: 'Download my catches as CSV',
        description:
          'Every catch the bound logger reported, oldest first, with the map, fish and bait names in the language ' +
          'of `Accept-Language` (Chinese by default) beside their ids. Streamed: any number of rows.',
        produces: ['text/csv'],
        response: csvResponses('The catches'),
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'anglerdex-catches.csv',
        ownData.catches(currentUser(request).client_id, requestLocale(request) ?? 'zh'),
      ),
  );

  app.get(
    '/users/me/sales.csv',
    {
      onRequest: [app.requireUser, exportLimit],
      schema: {
        tags,
        summary: 'Download my sales as CSV',
        description: 'Every sale the bound logger reported, oldest first. Streamed: any number of rows.',
        produces: ['text/csv'],
        response: csvResponses('The sales'),
      },
    },
    async (request, reply) => sendCsv(reply, 'anglerdex-sales.csv', ownData.sales(currentUser(request).client_id)),
  );

  app.post(
    '/users/me/deletion',
    {
      onRequest: app.requireUser,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Delete my account and its data (current password required)',
        description:
          'Deletes the account, its avatar, AI questions and subscriptions (auto-renewal is stopped at the payment ' +
          'provider first), and frees the bound logger: its catches stay in the public heat map, bait guide and ' +
          'logs, linked to no one. Orders stay for accounting under an id that names no one. Every token of the ' +
          'account stops working at once. A wrong `current_password` counts like a failed login ' +
          '(AUTH_ACCOUNT_PER_15MIN from one address, then 429).',
        body: DeleteAccountBody,
        response: {
          204: z.null().describe('Deleted: no body'),
          400: errorCodes(AuthErrorCode.UPDATE_USER_BAD_CURRENT_PASSWORD).describe(
            'The current password is wrong; nothing was deleted',
          ),
          422: ValidationErrorBody.describe('The body is not `{current_password: string}` (FastAPI validation list)'),
          429: RateLimitedError.describe(
            'Too many wrong passwords for this account from this address in 15 minutes; `Retry-After` says when',
          ),
          503: errorCodes(VIP_ERRORS.providerUnavailable, 'DATABASE_BUSY').describe(
            `\`${VIP_ERRORS.providerUnavailable}\`: the payment provider could not stop the auto-renewal; ` +
              '`DATABASE_BUSY`: the database was locked. Nothing was deleted; try again after `Retry-After` seconds',
          ),
        },
      },
    },
    async (request, reply) => {
      await profiles.deleteOwn(currentUser(request), request.body.current_password, request.ip);
      return reply.code(204).send(null);
    },
  );
};

/** A CSV stream as a download (the route's 200 schema documents it; the type provider cannot type a stream). */
function sendCsv(reply: FastifyReply, filename: string, body: Readable): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}
