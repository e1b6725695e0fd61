import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, type DomainErrorKind, rateLimited } from '../domain-error';
import { HttpError } from '../http/http-error';
import { zodValidatorCompiler } from '../http/zod-compilers';
import errors from './errors';

// A small app with the real error and validation plugins and routes that exercise each path of the error handler.
const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(zodValidatorCompiler);
  await app.register(errors);
  app.post(
    '/register',
    {
      schema: {
        body: z.object({ email: z.string(), password: z.string().min(6), age: z.number().int().max(150).optional() }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/thing', { schema: { querystring: z.object({ kind: z.enum(['a', 'b', 'c']) }) } }, async () => ({}));
  app.get('/teapot', async () => {
    throw new HttpError(409, { code: 'TAKEN', reason: 'Already taken' }, { 'retry-after': '3' });
  });
  app.get<{ Params: { kind: DomainErrorKind } }>('/domain/:kind', async (request) => {
    throw new DomainError(request.params.kind, 'SOME_CODE');
  });
  app.get('/domain-with-reason', async () => {
    throw new DomainError('invalid', 'REGISTER_INVALID_PASSWORD', { reason: 'Password should be longer' });
  });
  app.get('/domain-retry', async () => {
    throw new DomainError('unavailable', 'PROVIDER_UNAVAILABLE', { retryAfter: 5 });
  });
  app.get('/limited', async () => {
    throw rateLimited(7);
  });
  app.get('/boom', async () => {
    throw new Error('secret internals');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error shape', () => {
  it('lists every failing body field in schema order, FastAPI style', async () => {
    const res = await app.inject({ method: 'POST', url: '/register', payload: { password: 'abc', age: 200 } });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({
      detail: [
        { type: 'missing', loc: ['body', 'email'], msg: 'Field required', input: { password: 'abc', age: 200 } },
        {
          type: 'string_too_short',
          loc: ['body', 'password'],
          msg: 'String should have at least 6 characters',
          input: 'abc',
          ctx: { min_length: 6 },
        },
        {
          type: 'less_than_equal',
          loc: ['body', 'age'],
          msg: 'Input should be less than or equal to 150',
          input: 200,
          ctx: { le: 150 },
        },
      ],
    });
  });

  it('answers a missing body and malformed JSON with 422, never 400 or 500', async () => {
    const missing = await app.inject({ method: 'POST', url: '/register' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ type: 'missing', loc: ['body'], msg: 'Field required' });

    const malformed = await app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0]).toMatchObject({ type: 'json_invalid', msg: 'JSON decode error' });

    const array = await app.inject({ method: 'POST', url: '/register', payload: [1, 2] });
    expect(array.statusCode).toBe(422);
    expect(array.json().detail[0]).toMatchObject({ type: 'model_attributes_type', loc: ['body'], input: [1, 2] });
  });

  it('refuses NUL characters anywhere in the input, naming where', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/register',
      payload: { email: 'a@b.cd', password: 'secret1', tags: ['ok', 'bad\u0000'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      {
        type: 'string_nul',
        loc: ['body', 'tags', 1],
        msg: 'String should not contain NUL characters',
        input: 'bad\u0000',
      },
    ]);
  });

  it('names the allowed values of an enum', async () => {
    const res = await app.inject('/thing?kind=z');
    expect(res.json().detail[0]).toEqual({
      type: 'enum',
      loc: ['query', 'kind'],
      msg: "Input should be 'a', 'b' or 'c'",
      input: 'z',
      ctx: { expected: "'a', 'b' or 'c'" },
    });
  });

  it('keeps the status, detail and headers of an HttpError', async () => {
    const res = await app.inject('/teapot');
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json()).toEqual({ detail: { code: 'TAKEN', reason: 'Already taken' } });
  });

  it.each([
    ['invalid', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not-found', 404],
    ['conflict', 409],
    ['unsupported', 415],
    ['unreadable', 422],
    ['rate-limited', 429],
    ['unavailable', 503],
  ] as const)('answers a %s domain error with %i and its code as the detail', async (kind, status) => {
    const res = await app.inject(`/domain/${kind}`);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ detail: 'SOME_CODE' });
    expect(res.headers['retry-after']).toBeUndefined();
    // Every credential this API takes is a bearer token: a 401 names the scheme (RFC 6750 §3), others do not.
    expect(res.headers['www-authenticate']).toBe(kind === 'unauthorized' ? 'Bearer' : undefined);
  });

  it('answers a domain error with a reason as {code, reason}', async () => {
    const res = await app.inject('/domain-with-reason');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: { code: 'REGISTER_INVALID_PASSWORD', reason: 'Password should be longer' } });
  });

  it('says when to retry a domain error that knows it', async () => {
    const unavailable = await app.inject('/domain-retry');
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.headers['retry-after']).toBe('5');
    expect(unavailable.json()).toEqual({ detail: 'PROVIDER_UNAVAILABLE' });
    const limited = await app.inject('/limited');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(limited.json()).toEqual({ detail: 'RATE_LIMITED' });
  });

  it('hides the internals of an unexpected error behind a bare 500', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal Server Error' });
    expect(res.body).not.toContain('secret');
  });

  it('answers an unsupported content type with a 4xx detail', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(typeof res.json().detail).toBe('string');
  });
});
