/**
 * `/api/users/*` (contracts/auth-api.md §2.8–2.10): the current user, their profile edits and avatar, and the
 * superuser routes on any user. `/users/me` is declared before `/users/:id`, so `DELETE /users/me` reaches
 * `/users/:id` with id "me" (403 for a regular user, 404 for a superuser), as in FastAPI Users.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserRead } from '#shared/contracts/auth';
import { AVATAR_MAX_BYTES } from '#shared/account-rules';
import { ErrorBody } from '#shared/contracts/common';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { RequestValidationError, requireJsonBody } from '../../plugins/validation';
import type { AccountService } from '../auth/auth.service';
import { UpdateUserBody } from '../auth/auth.schemas';
import { AvatarStore, reencodeAvatar } from './avatar-store';
import { toUserRead } from './users.repository';

const tags = ['users'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UsersRoutesOptions {
  accounts: AccountService;
  mediaDir: string;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { accounts, mediaDir }) => {
  const avatars = new AvatarStore(mediaDir);
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
        summary: 'Edit the current user: nickname, bio, e-mail, password (a password change revokes older tokens)',
        body: UpdateUserBody,
        response: { 200: UserRead, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => toUserRead(await accounts.update(currentUser(request), request.body, false)),
  );

  app.post(
    '/users/me/avatar',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Upload an avatar: one PNG, JPEG or WebP image in the multipart field `file`, at most 5 MB',
        consumes: ['multipart/form-data'],
        response: { 200: UserRead, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const missing = () =>
        new RequestValidationError([{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }]);
      if (!request.isMultipart()) throw missing();
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
      const user = currentUser(request);
      const url = await avatars.save(await reencodeAvatar(picture));
      await accounts.users.update(user.id, { avatar: url });
      await avatars.remove(user.avatar);
      return toUserRead({ ...user, avatar: url });
    },
  );

  const Params = z.object({ id: z.string() });
  const target = async (id: string) => {
    const user = UUID.test(id) ? await accounts.users.findById(id) : null;
    if (!user) throw new HttpError(404, 'Not Found');
    return user;
  };

  app.get(
    '/users/:id',
    {
      onRequest: app.requireSuperuser,
      schema: {
        tags,
        summary: 'A user (superusers)',
        params: Params,
        response: { 200: UserRead, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => toUserRead(await target(request.params.id)),
  );

  app.patch(
    '/users/:id',
    {
      onRequest: app.requireSuperuser,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Edit a user, including is_active / is_superuser / is_verified (superusers)',
        params: Params,
        body: UpdateUserBody,
        response: { 200: UserRead, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => toUserRead(await accounts.update(await target(request.params.id), request.body, true)),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: app.requireSuperuser,
      schema: {
        tags,
        summary: 'Delete a user (superusers)',
        params: Params,
        response: { 204: z.null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await target(request.params.id);
      if (!(await accounts.users.delete(user.id))) throw new HttpError(404, 'Not Found');
      await avatars.remove(user.avatar);
      return reply.code(204).send(null);
    },
  );
};
