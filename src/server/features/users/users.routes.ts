/**
 * `/api/users/*` (docs/account-api.md §2.8–2.10): the current user, their profile edits and avatar, and the
 * superuser routes on any user. `/users/me` is declared before `/users/:id`, so `DELETE /users/me` reaches
 * `/users/:id` with id "me" (403 for a regular user, 404 for a superuser), as in FastAPI Users. Every answer is
 * `Cache-Control: no-store`; avatar uploads are limited per user.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthErrorCode, AVATAR_MAX_BYTES } from '#shared/account-rules';
import { UpdateUserBody, UserIdParams, UserRead } from '#shared/contracts/auth';
import { codeWithReason, errorCodes, ErrorMessage, RateLimitedError, ValidationIssue } from '#shared/contracts/common';
import { toUserRead } from '../../accounts/users.repository';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../http/http-error';
import { noStore } from '../../http/no-store';
import type { RateLimits } from '../../http/rate-limits';
import { RequestValidationError } from '../../http/validation-errors';
import { requireJsonBody } from '../../http/json-bodies';
import type { ProfileService } from './profile.service';

const tags = ['users'];

const NO_STORE = '`Cache-Control: no-store`.';
/** The 400 of both PATCH routes; `/me` also answers a missing or wrong `current_password`. */
const updateRefused = (...codes: [string, ...string[]]) =>
  z
    .object({ detail: z.union([z.enum(codes), codeWithReason(AuthErrorCode.UPDATE_USER_INVALID_PASSWORD)]) })
    .describe(
      `${codes.map((code) => `\`${code}\``).join(', ')}; or \`{code: "UPDATE_USER_INVALID_PASSWORD", reason}\`: ` +
        'the new password breaks the rule `reason` states. Nothing was changed',
    );
const noSuchUser = errorCodes('Not Found').describe('No user has this id (only a UUID can name one)');

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
      schema: {
        tags,
        summary: 'The current user',
        description: `The account the bearer token speaks for. ${NO_STORE}`,
        response: { 200: UserRead.describe('The current user') },
      },
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
        description:
          'Only the fields sent change: `nickname` (2–40 characters), `bio` (at most 500), `email` and ' +
          '`password`. A new e-mail address or a password needs the right `current_password`; wrong guesses count ' +
          'like failed logins (AUTH_ACCOUNT_PER_15MIN from one address, then 429). A new address makes the account ' +
          'unverified; a new password revokes every older token, this one included (log in again). A notice goes ' +
          'to the address the account had. `is_active`, `is_superuser` and `is_verified` are ignored here. ' +
          NO_STORE,
        body: UpdateUserBody,
        response: {
          200: UserRead.describe('The user after the change'),
          400: updateRefused(
            AuthErrorCode.UPDATE_USER_BAD_CURRENT_PASSWORD,
            AuthErrorCode.UPDATE_USER_EMAIL_ALREADY_EXISTS,
          ),
          404: errorCodes('Not Found').describe('The user was deleted while the change was being made'),
          429: RateLimitedError.describe(
            'Too many wrong `current_password` guesses on this account from this address in 15 minutes; ' +
              '`Retry-After` says when to try again',
          ),
        },
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
        description:
          'The picture is recognised by its content (not its name or declared type), re-encoded as a 256 × 256 ' +
          'WebP without its metadata and served from `/media/avatars/`; the previous one is deleted. At most ' +
          `${avatarUploadsPerMinute} uploads a minute per user (AVATAR_UPLOADS_PER_MINUTE) and one at a time. ` +
          NO_STORE,
        consumes: ['multipart/form-data'],
        response: {
          200: UserRead.describe('The user with the new `avatar` URL'),
          400: errorCodes('Missing boundary in multipart.', 'There was an error parsing the body').describe(
            "A multipart body that cannot be read (FastAPI's messages)",
          ),
          404: errorCodes('Not Found').describe('The user was deleted during the upload'),
          413: ErrorMessage.describe(
            '`AVATAR_TOO_LARGE`: the file is over 5 MB (5,242,880 bytes); or a message naming the multipart limit ' +
              'exceeded (one file, at most 5 fields)',
          ),
          415: errorCodes('AVATAR_UNSUPPORTED_FORMAT', 'Unsupported Media Type').describe(
            '`AVATAR_UNSUPPORTED_FORMAT`: the file is not a PNG, JPEG or WebP picture; `Unsupported Media Type`: the ' +
              'body is neither multipart nor another type the server reads',
          ),
          422: z
            .object({ detail: z.union([z.enum(['AVATAR_INVALID_IMAGE']), z.array(ValidationIssue)]) })
            .describe(
              '`AVATAR_INVALID_IMAGE`: a recognised but broken picture, or one over 40 megapixels; or the validation ' +
                'list when the body is not multipart or has no `file` field',
            ),
          429: RateLimitedError.describe(
            `More than ${avatarUploadsPerMinute} uploads this minute, or another upload of this user is in ` +
              'progress; `Retry-After` says when to try again',
          ),
        },
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
        description: `Any user by id, for superusers. ${NO_STORE}`,
        params: UserIdParams,
        response: { 200: UserRead.describe('The user'), 404: noSuchUser },
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
        description:
          'The fields of `PATCH /users/me` plus the three flags, without `current_password`; the same e-mail and ' +
          'password rules. `is_active: false` revokes every token of the user (reactivating does not bring them ' +
          `back). ${NO_STORE}`,
        params: UserIdParams,
        body: UpdateUserBody,
        response: {
          200: UserRead.describe('The user after the change'),
          400: updateRefused(AuthErrorCode.UPDATE_USER_EMAIL_ALREADY_EXISTS),
          404: noSuchUser,
        },
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
        description:
          'Deletes the account and its avatar picture; their logger becomes free to bind. Any body is ignored. ' +
          `Not idempotent in its answer: deleting again is 404. ${NO_STORE}`,
        params: UserIdParams,
        response: { 204: z.null().describe('Deleted: no body'), 404: noSuchUser },
      },
    },
    async (request, reply) => {
      await profiles.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
