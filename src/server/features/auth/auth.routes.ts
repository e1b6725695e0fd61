/**
 * `/api/auth/*`, wire-compatible with FastAPI Users (docs/account-api.md §2.1–2.7): register, JWT login/logout,
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
import { AuthErrorCode } from '#shared/account-rules';
import { codeWithReason, ErrorMessage, errorCodes, RateLimitedError } from '#shared/contracts/common';
import { toUserRead } from '../../accounts/users.repository';
import { currentSession } from '../../plugins/auth';
import { noStore } from '../../http/no-store';
import type { RateLimits } from '../../http/rate-limits';
import { formBody } from '../../http/zod-compilers';
import { requireJsonBody } from '../../http/json-bodies';
import type { AuthenticationService } from './auth.service';
import { requestLocale } from '../../http/request-locale';

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
  const PER_IP = `At most ${ipPerMinute} requests a minute per client address (AUTH_IP_PER_MINUTE), then 429.`;
  const tooMany = RateLimitedError.describe(
    `More than ${ipPerMinute} requests this minute from this address; \`Retry-After\` says when to try again`,
  );
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
        // missing one (docs/account-api.md §2.2).
        preValidation: async (request: FastifyRequest) => {
          const type = request.headers['content-type'] ?? '';
          const isForm = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type);
          const fields = isForm && request.body && typeof request.body === 'object' ? request.body : {};
          request.body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
        },
        schema: {
          tags,
          summary: 'Log in with a form-encoded username (e-mail) and password',
          description:
            "FastAPI Users' OAuth2 password form: fields `username` (the e-mail address) and `password`, " +
            'form-encoded or multipart (fields only); `grant_type`, when sent, must be `password`; an empty field ' +
            'is a missing one. Answers a JWT for `Authorization: Bearer`, valid for ACCESS_TOKEN_LIFETIME seconds ' +
            '(default 3600) until logout or a password change. A wrong password, an unknown and an inactive account ' +
            `all answer the same 400. ${PER_IP} Failed attempts on one account from one address are limited over ` +
            '15 minutes (AUTH_ACCOUNT_PER_15MIN, then 429), and answers on an account slow down past a ceiling of ' +
            'failures from all addresses. `Cache-Control: no-store`.',
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          body: LoginFormBody,
          response: {
            200: LoginResponse.describe('The access token'),
            400: errorCodes(
              AuthErrorCode.LOGIN_BAD_CREDENTIALS,
              'Missing boundary in multipart.',
              'There was an error parsing the body',
            ).describe(
              '`LOGIN_BAD_CREDENTIALS`: wrong e-mail or password, or an inactive account; or a multipart body that ' +
                "cannot be read (FastAPI's messages)",
            ),
            413: ErrorMessage.describe('A multipart body with a file, or more than 10 fields or parts'),
            429: RateLimitedError.describe(
              'Too many requests from this address this minute, or too many failed attempts on this account from ' +
                'this address in 15 minutes; `Retry-After` says when to try again',
            ),
          },
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
        summary: 'Create an account (optionally binding a logger id with its binding code)',
        description:
          'A JSON body with `email` and `password` (6 characters to 256 bytes), optionally `nickname` (2–40 ' +
          'characters; default: the part of the address before `@`) and `client_id` with `code`, a logger to bind at once: `code` is the one-time binding code the logger ' +
          'shows (`POST /api/c_report/clients/binding_code`); a wrong, used or expired code is `400 BINDING_CODE_INVALID` ' +
          'and no account is created. ' +
          '`is_active`, `is_superuser` and `is_verified` are accepted and ignored. The account starts unverified; ' +
          `\`Accept-Language\` (zh, en or ja; default zh) picks the language of its mails. ${PER_IP} ` +
          '`Cache-Control: no-store`.',
        body: RegisterBody,
        response: {
          201: UserRead.describe('The new account'),
          400: z
            .object({
              detail: z.union([
                z.enum([AuthErrorCode.REGISTER_USER_ALREADY_EXISTS, AuthErrorCode.BINDING_CODE_INVALID]),
                codeWithReason(AuthErrorCode.REGISTER_INVALID_PASSWORD),
              ]),
            })
            .describe(
              '`REGISTER_USER_ALREADY_EXISTS`: an account has this address (in any case); `BINDING_CODE_INVALID`: ' +
                "`code` is not the logger's current binding code (wrong, used or expired); or " +
                '`{code: "REGISTER_INVALID_PASSWORD", reason}`: the password breaks the rule `reason` states',
            ),
          404: errorCodes(AuthErrorCode.CLIENT_NOT_FOUND).describe('`client_id` names no logger'),
          409: errorCodes(AuthErrorCode.CLIENT_ALREADY_BOUND).describe(
            'The logger of `client_id` is bound to another account',
          ),
          429: tooMany,
        },
      },
    },
    async (request, reply) => {
      const user = await authentication.register(request.body, requestLocale(request) ?? 'zh', request.ip);
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
        description:
          "Revokes the token sent (the user's other sessions stay logged in); any body is ignored. Idempotent in " +
          'effect: the token is refused afterwards, so a second call answers 401. `Cache-Control: no-store`.',
        response: { 204: z.null().describe('Logged out: no body') },
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
        description:
          'Answers before looking the address up, so neither the answer nor its timing tells whether an account ' +
          'exists. Only an existing, active account gets the mail (a link valid for an hour), at most ' +
          `AUTH_MAIL_PER_HOUR (default 5) account mails an hour per address. ${PER_IP} \`Cache-Control: no-store\`.`,
        body: EmailFormBody,
        response: { 202: z.null().describe('Accepted: the JSON literal `null`'), 429: tooMany },
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
        description:
          'The token is good for an hour and once: setting the password makes it (and every earlier link) invalid, ' +
          "and revokes the user's access tokens. A password refused by the rule leaves the token usable. A notice " +
          "goes to the account's address. Not rate-limited (the token is the secret). `Cache-Control: no-store`.",
        body: ResetPasswordBody,
        response: {
          200: z.null().describe('The password is changed: the JSON literal `null`'),
          400: z
            .object({
              detail: z.union([
                z.enum([AuthErrorCode.RESET_PASSWORD_BAD_TOKEN]),
                codeWithReason(AuthErrorCode.RESET_PASSWORD_INVALID_PASSWORD),
              ]),
            })
            .describe(
              '`RESET_PASSWORD_BAD_TOKEN`: the token is invalid, expired, already used or its user inactive; or ' +
                '`{code: "RESET_PASSWORD_INVALID_PASSWORD", reason}`: the password breaks the rule `reason` states',
            ),
        },
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
        description:
          'Answers before looking the address up, like forgot-password. Only an existing, active, unverified ' +
          'account gets the mail (a link valid for an hour), within AUTH_MAIL_PER_HOUR account mails an hour per ' +
          `address. ${PER_IP} \`Cache-Control: no-store\`.`,
        body: EmailFormBody,
        response: { 202: z.null().describe('Accepted: the JSON literal `null`'), 429: tooMany },
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
        description:
          'Marks the account verified. The token is good for an hour and only for the address it was sent to. Not ' +
          'rate-limited (the token is the secret). `Cache-Control: no-store`.',
        body: TokenFormBody,
        response: {
          200: UserRead.describe('The account, now verified'),
          400: errorCodes(AuthErrorCode.VERIFY_USER_BAD_TOKEN, AuthErrorCode.VERIFY_USER_ALREADY_VERIFIED).describe(
            '`VERIFY_USER_BAD_TOKEN`: invalid, expired or for another address; `VERIFY_USER_ALREADY_VERIFIED`',
          ),
        },
      },
    },
    async (request) => toUserRead(await authentication.verify(request.body.token)),
  );
};
