/**
 * `/api/c_report/*`, the logger side (docs/design.md §4, docs/catch-data-api.md §1, decision 0017): a logger registers
 * itself and gets its id and secret token, asks for a one-time binding code to show its player, rotates or revokes
 * its token; a logged-in user binds (with that code) or unbinds the logger id shown in their logger. The catch and
 * sale uploads (ingestion) sit beside these in /docs. Guide for logger authors: docs/logger-api.md.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BindClientBody,
  BindingCodeResponse,
  CreateClientBody,
  CreateClientResponse,
  UnbindClientBody,
  UserRead,
} from '#shared/contracts/auth';
import { AuthErrorCode } from '#shared/account-rules';
import { errorCodes, RateLimitedError, UnauthorizedError } from '#shared/contracts/common';
import { toUserRead } from '../../accounts/users.repository';
import { currentUser } from '../../plugins/auth';
import { noStore } from '../../http/no-store';
import type { RateLimits } from '../../http/rate-limits';
import { requireJsonBody } from '../../http/json-bodies';
import type { LoggerBindingService } from './logger-binding.service';
import type { LoggerAuth } from './logger-auth';

const tags = ['loggers'];
const userSecurity = [{ bearer: [] }];
const loggerSecurity = [{ loggerToken: [] }];

const unauthorizedLogger = UnauthorizedError.describe(
  'Missing, unknown, rotated or revoked logger token (`WWW-Authenticate: Bearer`)',
);
const rateLimited = (what: string) => RateLimitedError.describe(`${what}; \`Retry-After\` says when to try again`);
const BINDING_RULES =
  'The binding code proves that the user controls the logger: the logger asks for one with ' +
  '`POST /api/c_report/clients/binding_code` and shows it; it is valid 10 minutes and for one bind (spaces, hyphens ' +
  "and case do not matter). A wrong, used, expired or other logger's code is `400 BINDING_CODE_INVALID` and " +
  'changes nothing; 10 wrong codes per logger, and per account, within 10 minutes make every further attempt 429 ' +
  'until the 10 minutes are over.';

export interface LoggersRoutesOptions {
  loggerBinding: LoggerBindingService;
  /** The logger token check the uploads use too. */
  loggerAuth: LoggerAuth;
  rateLimits: RateLimits;
  ipPerMinute: number;
  /**
   * Registrations per client address a day, and bind requests per account a day (decision 0039): a new logger's
   * catches are in probation, so one address or account should not make many of them.
   */
  limits: { registrationsPerIpPerDay: number; bindsPerAccountPerDay: number };
}

const DAY_MS = 86_400_000;

export const loggersRoutes: FastifyPluginAsyncZod<LoggersRoutesOptions> = async (
  app,
  { loggerBinding, loggerAuth, rateLimits, ipPerMinute, limits },
) => {
  const callingLogger = (request: FastifyRequest) => loggerAuth.clientOf(request);

  app.post(
    '/c_report/clients',
    {
      onRequest: [
        rateLimits.perIp('create-client', ipPerMinute, 60_000),
        rateLimits.perIp('create-client-day', limits.registrationsPerIpPerDay, DAY_MS),
      ],
      // The answer holds the logger's secret token.
      onSend: noStore,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'A logger registers itself: answers its public id and its secret upload token (shown once)',
        description:
          "No account needed; a new logger's catches are in probation (not counted by default views) for the first " +
          'hours after its first upload. Keep `client_token` secret (only its hash is stored): it authenticates the uploads and ' +
          "the logger's other routes. `client_id` is the logger id the player binds to an account. `player_name` and " +
          '`version` are one line each, without control, bidi or zero-width characters.',
        security: [],
        body: CreateClientBody.optional(),
        response: {
          201: CreateClientResponse.describe('The new logger: its id and its secret token'),
          429: rateLimited(
            `More than ${ipPerMinute} registrations this minute, or ${limits.registrationsPerIpPerDay} in 24 hours, ` +
              'from this address',
          ),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await loggerBinding.createClient(request.body ?? {})),
  );

  app.post(
    '/c_report/clients/binding_code',
    {
      onRequest: loggerAuth.requireLogger,
      schema: {
        tags,
        summary: 'A logger asks for a one-time binding code to show its player',
        description:
          'The player types the logger id and this code into the site (user centre or registration) to bind the ' +
          'logger to their account. 8 characters, valid 10 minutes (`expires_at`), one bind; asking again replaces ' +
          'the previous code. Only a hash of it is stored.',
        security: loggerSecurity,
        response: {
          200: BindingCodeResponse.describe('The code and when it expires'),
          401: unauthorizedLogger,
        },
      },
    },
    async (request) => loggerBinding.issueCode(callingLogger(request)),
  );

  app.post(
    '/c_report/clients/token',
    {
      onRequest: loggerAuth.requireLogger,
      // The answer holds the logger's new secret token: no-store, as every route with a credential (http/no-store.ts).
      schema: {
        tags,
        summary: 'A logger rotates its secret token: answers a new one; the old one is refused from now on',
        description:
          'Same logger id, binding and data. The old token answers 401 on every route and every instance from the ' +
          'moment this answers; keep the new one before discarding the old.',
        security: loggerSecurity,
        response: {
          200: CreateClientResponse.describe('The same logger id and its new secret token'),
          401: unauthorizedLogger,
        },
      },
    },
    async (request) => loggerBinding.rotateToken(callingLogger(request)),
  );

  app.delete(
    '/c_report/clients/me',
    {
      onRequest: loggerAuth.requireLogger,
      schema: {
        tags,
        summary: 'A logger revokes its secret token (401 afterwards)',
        description:
          "The logger's catches and sales stay, and so does its binding to an account (the user unbinds it in the " +
          'user centre); its pending binding code is discarded. A revoked logger cannot be used again: register a ' +
          'new one.',
        security: loggerSecurity,
        response: { 204: z.null().describe('Revoked'), 401: unauthorizedLogger },
      },
    },
    async (request, reply) => {
      await loggerBinding.revoke(callingLogger(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/c_report/user/bind_client_id',
    {
      onRequest: [app.requireUser, rateLimits.perUser('bind-client-day', limits.bindsPerAccountPerDay, DAY_MS)],
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Bind a logger id to the current user with the logger's binding code (replacing the previous one)",
        description: `${BINDING_RULES} The answer is the user with \`client_id\` set.`,
        security: userSecurity,
        body: BindClientBody,
        response: {
          200: UserRead.describe('The user with the new `client_id`'),
          400: errorCodes(AuthErrorCode.BINDING_CODE_INVALID).describe(
            "The code is wrong, used, expired or another logger's",
          ),
          404: errorCodes(AuthErrorCode.CLIENT_NOT_FOUND).describe('No logger has this id'),
          409: errorCodes(AuthErrorCode.CLIENT_ALREADY_BOUND).describe('Another account holds this logger'),
          429: rateLimited(
            'Too many wrong binding codes for this logger or from this account, or more than ' +
              `${limits.bindsPerAccountPerDay} bind requests from this account in 24 hours`,
          ),
        },
      },
    },
    async (request) =>
      toUserRead(await loggerBinding.bind(currentUser(request), request.body.client_id, request.body.code)),
  );

  app.delete(
    '/c_report/user/bind_client_id',
    {
      onRequest: [app.requireUser, rateLimits.perUser('bind-client-day', limits.bindsPerAccountPerDay, DAY_MS)],
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Unbind the current user's logger (when `client_id` is given, it must be the bound one)",
        description:
          'The logger keeps its data and may be bound again, by anyone who has a binding code from it. The answer ' +
          'is the user with `client_id` null.',
        security: userSecurity,
        body: UnbindClientBody,
        response: {
          200: UserRead.describe('The user with `client_id: null`'),
          404: errorCodes(AuthErrorCode.CLIENT_NOT_FOUND).describe(
            'No logger is bound, or `client_id` is not the bound one (so unbinding twice answers 404)',
          ),
        },
      },
    },
    async (request) => toUserRead(await loggerBinding.unbind(currentUser(request), request.body?.client_id)),
  );
};
