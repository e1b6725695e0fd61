/**
 * `/api/c_report/*`, the logger side (DESIGN §4): a logger registers itself and gets its id and secret token; a
 * logged-in user binds (or unbinds) the logger id shown in their logger. The catch and sale uploads join here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BindClientBody, CreateClientBody, CreateClientResponse, UserRead } from '#shared/contracts/auth';
import { ErrorBody } from '#shared/contracts/common';
import { isUniqueViolation } from '../../db/errors';
import { currentUser } from '../../plugins/auth';
import { requireJsonBody } from '../../plugins/validation';
import type { AccountService } from '../auth/auth.service';
import { toUserRead } from '../users/users.repository';
import { assertBindable, clientAlreadyBound, clientNotFound } from './client-binding';
import { LoggerClientsRepository } from './logger-clients.repository';

const tags = ['reports'];

export interface ReportsRoutesOptions {
  accounts: AccountService;
  ipPerMinute: number;
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, { accounts, ipPerMinute }) => {
  const clients = new LoggerClientsRepository(app.db.kysely);
  const users = accounts.users;

  app.post(
    '/c_report/clients',
    {
      onRequest: app.rateLimits.perIp('create-client', ipPerMinute, 60_000),
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'A logger registers itself: answers its public id and its secret upload token (shown once)',
        body: CreateClientBody.optional(),
        response: { 201: CreateClientResponse, 429: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await clients.create(request.body ?? {})),
  );

  app.post(
    '/c_report/user/bind_client_id',
    {
      onRequest: app.requireUser,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Bind a logger id to the current user (replacing the user's previous one)",
        body: BindClientBody,
        response: { 200: UserRead, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const clientId = request.body.client_id.trim();
      await assertBindable(clients, users, clientId, user.id);
      try {
        await users.update(user.id, { client_id: clientId });
      } catch (error) {
        if (isUniqueViolation(error)) throw clientAlreadyBound();
        throw error;
      }
      return toUserRead({ ...user, client_id: clientId });
    },
  );

  app.delete(
    '/c_report/user/bind_client_id',
    {
      onRequest: app.requireUser,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Unbind the current user's logger (when `client_id` is given, it must be the bound one)",
        body: z.object({ client_id: z.string().optional() }).optional(),
        response: { 200: UserRead, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const given = request.body?.client_id?.trim();
      if (!user.client_id || (given && given !== user.client_id)) throw clientNotFound();
      await users.update(user.id, { client_id: null });
      return toUserRead({ ...user, client_id: null });
    },
  );
};
