/**
 * `/api/users/*` (contracts/auth-api.md §2.8–2.10): the current user, their profile edits and avatar, and the
 * superuser routes on any user. `/users/me` is declared before `/users/:id`, so `DELETE /users/me` reaches
 * `/users/:id` with id "me" (403 for a regular user, 404 for a superuser), as in FastAPI Users. Every answer is
 * `Cache-Control: no-store`; avatar uploads are limited per user.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX_BYTES } from '#shared/account-rules';
import { UpdateUserBody, UserIdParams, UserRead } from '#shared/contracts/auth';
import { ErrorBody } from '#shared/contracts/common';
import { toUserRead } from '../../accounts/users.repository';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../http/http-error';
import { noStore } from '../../http/no-store';
import type { RateLimits } from '../../http/rate-limits';
import { RequestValidationError } from '../../http/validation-errors';
import { requireJsonBody } from '../../http/json-bodies';
import type { ProfileService } from './profile.service';

const tags = ['users'];

export interface UsersRoutesOptions {
  profiles: ProfileService;
  rateLimits: RateLimits;
  avatarUploadsPerMinute: number;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { profiles, rateLimits, avatarUploadsPerMinute },
) => {
  app.addHook('onSend', noStore);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'The current user', response: { 200: UserRead, 401: ErrorBody } },
    },
    async (request) => toUserRead(currentUser(request)),
  );

  app.patch(
    '/users/me',
    {
      onRequest: app.requireUser,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary:
          'Edit the current user: nickname, bio, e-mail, password (a new e-mail or password needs current_password; ' +
          'a password change revokes older tokens)',
        body: UpdateUserBody,
        response: { 200: UserRead, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) =>
      toUserRead(
        await profiles.update(currentUser(request), request.body, { privileged: false, clientAddress: request.ip }),
      ),
  );

  app.post(
    '/users/me/avatar',
    {
      // Per user, whatever addresses the requests come from: each accepted upload writes a file.
      onRequest: [app.requireUser, rateLimits.perUser('avatar', avatarUploadsPerMinute, 60_000)],
      schema: {
        tags,
        summary: 'Upload an avatar: one PNG, JPEG or WebP image in the multipart field `file`, at most 5 MB',
        consumes: ['multipart/form-data'],
        response: { 200: UserRead, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const missing = () =>
        new RequestValidationError([{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }]);
      if (!request.isMultipart()) throw missing();
      // Read inside setAvatar, which allows one upload per user at a time.
      const readPicture = async () => {
        let picture: Buffer | null = null;
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file') {
            if (part.type === 'file') part.file.resume();
            continue;
          }
          try {
            picture = await part.toBuffer();
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
              throw new HttpError(413, 'AVATAR_TOO_LARGE');
            throw error;
          }
        }
        if (!picture) throw missing();
        return picture;
      };
      return toUserRead(await profiles.setAvatar(currentUser(request), readPicture));
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: app.requireSuperuser,
      schema: {
        tags,
        summary: 'A user (superusers)',
        params: UserIdParams,
        response: { 200: UserRead, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => toUserRead(await profiles.get(request.params.id)),
  );

  app.patch(
    '/users/:id',
    {
      onRequest: app.requireSuperuser,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary:
          'Edit a user, including is_active / is_superuser / is_verified (superusers; no current_password, and ' +
          'is_active: false revokes their tokens)',
        params: UserIdParams,
        body: UpdateUserBody,
        response: { 200: UserRead, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) =>
      toUserRead(await profiles.update(await profiles.get(request.params.id), request.body, { privileged: true })),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: app.requireSuperuser,
      schema: {
        tags,
        summary: 'Delete a user (superusers)',
        params: UserIdParams,
        response: { 204: z.null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await profiles.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
