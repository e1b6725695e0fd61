/**
 * `/api/auth/*`, wire-compatible with FastAPI Users (contracts/auth-api.md §2.1–2.7): register, JWT login/logout,
 * forgot/reset password, request-verify/verify. Login, register and the two e-mail routes are rate-limited per IP;
 * every answer is `Cache-Control: no-store`.
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailBody,
  LoginForm,
  LoginResponse,
  RegisterBody,
  ResetPasswordBody,
  TokenBody,
  UserRead,
} from '#shared/contracts/auth';
import { ErrorBody } from '#shared/contracts/common';
import { toUserRead } from '../../accounts/users.repository';
import { currentSession } from '../../plugins/auth';
import { noStore } from '../../http/no-store';
import type { RateLimits } from '../../http/rate-limits';
import { formBody } from '../../http/zod-compilers';
import { requireJsonBody } from '../../http/json-bodies';
import type { AuthenticationService } from './auth.service';
import { requestLocale } from './request-locale';

const tags = ['auth'];
const MINUTE = 60_000;

// The shared schemas stay plain zod (the client imports their types); here they are marked as read like HTML form
// fields, whose missing fields pydantic reports with `input: null`.
const LoginFormBody = formBody(LoginForm);
const EmailFormBody = formBody(EmailBody);
const TokenFormBody = formBody(TokenBody);

export interface AuthRoutesOptions {
  authentication: AuthenticationService;
  rateLimits: RateLimits;
  ipPerMinute: number;
}

/** FastAPI's answer for a route without a return value: the JSON literal `null`. */
function sendNull(reply: FastifyReply, status: number) {
  return reply.code(status).type('application/json').send('null');
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { authentication, rateLimits, ipPerMinute },
) => {
  const perIp = (name: string) => rateLimits.perIp(name, ipPerMinute, MINUTE);
  // Before the login form's scope is registered, so that it inherits the hook.
  app.addHook('onSend', noStore);

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
          body: LoginFormBody,
          response: { 200: LoginResponse, 400: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => ({
        access_token: await authentication.login(request.body.username, request.body.password, request.ip),
        token_type: 'bearer' as const,
      }),
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
      const user = await authentication.register(request.body, requestLocale(request) ?? 'zh');
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
      await authentication.logout(currentSession(request));
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
        body: EmailFormBody,
        response: { 202: z.null(), 429: ErrorBody },
      },
    },
    async (request, reply) => {
      // Answers at once: the lookup and the mail run afterwards, so the time taken tells nothing about the address.
      authentication.forgotPassword(request.body.email, requestLocale(request));
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
      await authentication.resetPassword(request.body.token, request.body.password);
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
        body: EmailFormBody,
        response: { 202: z.null(), 429: ErrorBody },
      },
    },
    async (request, reply) => {
      authentication.requestVerify(request.body.email, requestLocale(request));
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
        body: TokenFormBody,
        response: { 200: UserRead, 400: ErrorBody },
      },
    },
    async (request) => toUserRead(await authentication.verify(request.body.token)),
  );
};
