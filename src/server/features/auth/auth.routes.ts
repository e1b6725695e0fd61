/**
 * `/api/auth/*`, wire-compatible with FastAPI Users (contracts/auth-api.md §2.1–2.7): register, JWT login/logout,
 * forgot/reset password, request-verify/verify. Login, register and the two e-mail routes are rate-limited per IP.
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginResponse, UserRead } from '#shared/contracts/auth';
import { ErrorBody } from '#shared/contracts/common';
import { requireJsonBody } from '../../plugins/validation';
import { toUserRead } from '../users/users.repository';
import type { AccountService } from './auth.service';
import { EmailBody, LoginForm, RegisterBody, ResetPasswordBody, TokenBody } from './auth.schemas';
import { requestLocale } from './request-locale';

const tags = ['auth'];
const MINUTE = 60_000;

export interface AuthRoutesOptions {
  accounts: AccountService;
  ipPerMinute: number;
}

/** FastAPI's answer for a route without a return value: the JSON literal `null`. */
function sendNull(reply: FastifyReply, status: number) {
  return reply.code(status).type('application/json').send('null');
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { accounts, ipPerMinute }) => {
  const perIp = (name: string) => app.rateLimits.perIp(name, ipPerMinute, MINUTE);

  // Login reads form fields, multipart as well as form-encoded (OAuth2PasswordRequestForm): fields only, no files. Its
  // own scope, so that only this route ever parses multipart.
  const loginForm: FastifyPluginAsyncZod = async (form) => {
    await form.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 10, fieldSize: 4096, parts: 10 },
    });
    form.post(
      '/auth/jwt/login',
      {
        onRequest: perIp('login'),
        // Only form fields count: a JSON body has neither `username` nor `password`, and an empty field is a
        // missing one (contract §2.2).
        preValidation: async (request: FastifyRequest) => {
          const type = request.headers['content-type'] ?? '';
          const isForm = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type);
          const fields = isForm && request.body && typeof request.body === 'object' ? request.body : {};
          request.body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
        },
        schema: {
          tags,
          summary: 'Log in with a form-encoded username (e-mail) and password',
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          body: LoginForm,
          response: { 200: LoginResponse, 400: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => {
        const user = await accounts.login(request.body.username, request.body.password);
        const { token } = await form.tokens.issueAccess(user.id, user.token_version);
        return { access_token: token, token_type: 'bearer' as const };
      },
    );
  };
  await app.register(loginForm);
  // The JSON routes below read a multipart body as plain text, as FastAPI does, and requireJsonBody refuses it with
  // 422 model_attributes_type echoing it: nothing to parse, so no malformed multipart can fail here.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/auth/register',
    {
      onRequest: perIp('register'),
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Create an account (optionally binding a logger id)',
        body: RegisterBody,
        response: { 201: UserRead, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await accounts.register(request.body, requestLocale(request) ?? 'zh');
      return reply.code(201).send(toUserRead(user));
    },
  );

  app.post(
    '/auth/jwt/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Log out: this token is refused from now on',
        response: { 204: z.null(), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const { claims, user } = request.auth!;
      const expiresAt = claims.exp ?? Math.floor(Date.now() / 1000) + 10 * 365 * 86_400;
      if (claims.jti) await app.revokedTokens.revoke(claims.jti, expiresAt);
      // A token without a jti (issued by an older server) can only be revoked with all of its user's tokens.
      else await accounts.users.bumpTokenVersion(user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      onRequest: perIp('forgot-password'),
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'E-mail a password reset link (202 whether or not the address has an account)',
        body: EmailBody,
        response: { 202: z.null(), 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await accounts.forgotPassword(request.body.email, requestLocale(request));
      return sendNull(reply, 202);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Set a new password with the token from the e-mailed link',
        body: ResetPasswordBody,
        response: { 200: z.null(), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return sendNull(reply, 200);
    },
  );

  app.post(
    '/auth/request-verify-token',
    {
      onRequest: perIp('request-verify-token'),
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'E-mail a verification link (202 whether or not the address has an account)',
        body: EmailBody,
        response: { 202: z.null(), 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await accounts.requestVerify(request.body.email, requestLocale(request));
      return sendNull(reply, 202);
    },
  );

  app.post(
    '/auth/verify',
    {
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Verify the e-mail address with the token from the e-mailed link',
        body: TokenBody,
        response: { 200: UserRead, 400: ErrorBody },
      },
    },
    async (request) => toUserRead(await accounts.verify(request.body.token)),
  );
};
