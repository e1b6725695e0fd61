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
import { ErrorBody } from '#shared/contracts/common';
import { toUserRead } from '../../accounts/users.repository';
import { currentUser } from '../../plugins/auth';
import { noStore } from '../../plugins/no-store';
import type { RateLimits } from '../../plugins/rate-limits';
import { requireJsonBody } from '../../plugins/validation';
import type { LoggerBindingService } from './logger-binding.service';

const tags = ['reports'];

export interface LoggersRoutesOptions {
  loggerBinding: LoggerBindingService;
  rateLimits: RateLimits;
  ipPerMinute: number;
}

export const loggersRoutes: FastifyPluginAsyncZod<LoggersRoutesOptions> = async (
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
        body: CreateClientBody.optional(),
        response: { 201: CreateClientResponse, 429: ErrorBody },
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
        body: BindClientBody,
        response: { 200: UserRead, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
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
        body: UnbindClientBody,
        response: { 200: UserRead, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => toUserRead(await loggerBinding.unbind(currentUser(request), request.body?.client_id)),
  );
};
