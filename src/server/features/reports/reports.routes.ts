/**
 * `/api/c_report/*`, the logger side (DESIGN §4): a logger registers itself and gets its id and secret token; a
 * logged-in user binds (or unbinds) the logger id shown in their logger. The catch and sale uploads join here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BindClientBody,
  CreateClientBody,
  CreateClientResponse,
  UnbindClientBody,
  UserRead,
} from '#shared/contracts/auth';
import { AuthErrorCode } from '#shared/account-rules';
import { errorCodes, RateLimitedError } from '#shared/contracts/common';
import { toUserRead } from '../../accounts/users.repository';
import { currentUser } from '../../plugins/auth';
import { noStore } from '../../plugins/no-store';
import type { RateLimits } from '../../plugins/rate-limits';
import { requireJsonBody } from '../../plugins/validation';
import type { LoggerBindingService } from './logger-binding.service';

const tags = ['reports'];

export interface ReportsRoutesOptions {
  loggerBinding: LoggerBindingService;
  rateLimits: RateLimits;
  ipPerMinute: number;
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (
  app,
  { loggerBinding, rateLimits, ipPerMinute },
) => {
  app.post(
    '/c_report/clients',
    {
      onRequest: rateLimits.perIp('create-client', ipPerMinute, 60_000),
      // The answer holds the logger's secret token.
      onSend: noStore,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'A logger registers itself: answers its public id and its secret upload token (shown once)',
        description:
          'Optional JSON body `{player_name?, version?}` (at most 64 and 32 characters). `client_id` (`bird_` and ' +
          '22 letters or digits) is public: the player types it into the site to bind the logger. `client_token` ' +
          'is the secret for `Authorization: Bearer` on the uploads; only its hash is kept, so it cannot be shown ' +
          'again. Not idempotent: every call registers a new logger. No authentication; at most ' +
          `${ipPerMinute} a minute per client address (AUTH_IP_PER_MINUTE). \`Cache-Control: no-store\`.`,
        body: CreateClientBody.optional(),
        response: {
          201: CreateClientResponse.describe('The new logger: its id and its secret token'),
          429: RateLimitedError.describe(
            `More than ${ipPerMinute} registrations this minute from this address; \`Retry-After\` says when to try again`,
          ),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await loggerBinding.createClient(request.body ?? {})),
  );

  app.post(
    '/c_report/user/bind_client_id',
    {
      onRequest: app.requireUser,
      onSend: noStore,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Bind a logger id to the current user (replacing the user's previous one)",
        description:
          "A logger is bound to at most one account and an account to at most one logger: the user's previous " +
          "logger becomes free. The user's catches and records are those of the bound logger (`mine=true` of the " +
          'logs, the stats). Binding the logger already bound is a no-op answering 200. `Cache-Control: no-store`.',
        body: BindClientBody,
        response: {
          200: UserRead.describe('The user with the new `client_id`'),
          404: errorCodes(AuthErrorCode.CLIENT_NOT_FOUND).describe('No logger has this id'),
          409: errorCodes(AuthErrorCode.CLIENT_ALREADY_BOUND).describe('The logger is bound to another account'),
        },
      },
    },
    async (request) => toUserRead(await loggerBinding.bind(currentUser(request), request.body.client_id)),
  );

  app.delete(
    '/c_report/user/bind_client_id',
    {
      onRequest: app.requireUser,
      onSend: noStore,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Unbind the current user's logger (when `client_id` is given, it must be the bound one)",
        description:
          'No body, `{}` or `{client_id}` naming the logger expected to be bound (a guard against unbinding ' +
          'another one). The logger becomes free to bind again. `Cache-Control: no-store`.',
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
