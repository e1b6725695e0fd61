import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_BATCH_BYTES, ReportId } from '#shared/contracts/catches';
import errors from '../plugins/errors';
import openapi from '../plugins/openapi';
import { MAX_JSON_DEPTH, jsonBodyParser } from './json-bodies';
import { batchBody, judgeItems } from './batch-bodies';
import { responseSerializerCompiler, zodValidatorCompiler } from './zod-compilers';
import { trustedResponse } from './trusted-responses';

// A tiny app with the real plugins, wired as app.ts wires them, and routes that use each helper.
const app = Fastify({ logger: false, bodyLimit: MAX_BATCH_BYTES }).withTypeProvider<ZodTypeProvider>();

const Item = z.strictObject({
  report_id: ReportId,
  weight: z.number().int().min(0),
  star_type: z.literal([0, 446, 447]).optional(),
  tags: z.array(z.string()).optional(),
  depth: z.number().min(0).optional(),
});
const Answer = z.object({ name: z.string(), count: z.number().int() });

beforeAll(async () => {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  jsonBodyParser(app);
  await app.register(errors);
  await app.register(openapi);

  // Answers as the upload routes will: the valid items are "created", a key seen before is a duplicate.
  app.post('/batch', { bodyLimit: MAX_BATCH_BYTES, schema: { body: batchBody(Item) } }, async (request) => {
    const seen = new Set<string>();
    const results = judgeItems(Item, request.body.items, 'report_id').map((verdict) => {
      if (!verdict.ok) return { report_id: verdict.key, status: 'invalid', errors: verdict.errors };
      const duplicate = seen.has(verdict.value.report_id);
      seen.add(verdict.value.report_id);
      return { report_id: verdict.key, status: duplicate ? 'duplicate' : 'created' };
    });
    return { results };
  });
  app.post('/small-batch', { schema: { body: batchBody(Item, { maxItems: 2 }) } }, async (request) => ({
    count: request.body.items.length,
  }));
  app.post('/single', { schema: { body: Item } }, async () => ({ ok: true }));
  app.get(
    '/spot',
    {
      schema: {
        querystring: z.object({
          x: z.coerce.number().optional(),
          n: z.coerce.number().int().optional(),
          i: z.int().optional(),
        }),
      },
    },
    async () => ({ ok: true }),
  );

  app.get('/trusted', { schema: { response: { 200: trustedResponse(Answer) } } }, async () => {
    return { name: 42, count: 'many', secret: 'kept' } as unknown as z.input<typeof Answer>;
  });
  app.get('/checked', { schema: { response: { 200: Answer } } }, async () => {
    return { name: 42, count: 'many', secret: 'kept' } as unknown as z.input<typeof Answer>;
  });
  app.get('/checked-ok', { schema: { response: { 200: Answer } } }, async () => {
    return { name: 'a', count: 1, secret: 'stripped' } as z.input<typeof Answer>;
  });

  app.post(
    '/webhook',
    { config: { rawBody: true }, schema: { body: z.object({ id: z.string() }) } },
    async (request) => ({
      id: request.body.id,
      signature: createHmac('sha256', 'key').update(request.rawBody!).digest('hex'),
      bytes: request.rawBody!.length,
    }),
  );
  app.post('/plain', { schema: { body: z.object({ id: z.string() }) } }, async (request) => ({
    hasRaw: request.rawBody !== undefined,
  }));
  await app.ready();
});
afterAll(() => app.close());

const item = (report_id: unknown, extra: Record<string, unknown> = {}) => ({ report_id, weight: 100, ...extra });

describe('batch bodies: each item judged alone', () => {
  it('judges an item with a __proto__ key alone instead of refusing the batch, and never pollutes a prototype', async () => {
    const payload = `{"items":[{"report_id":{"__proto__":{"polluted":true}},"weight":1},{"report_id":"ok-1","weight":2}]}`;
    const res = await app.inject({
      method: 'POST',
      url: '/batch',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const [hostile, fine] = res.json().results;
    expect(hostile).toMatchObject({ report_id: null, status: 'invalid' });
    expect(fine).toEqual({ report_id: 'ok-1', status: 'created' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers every item in order: created, duplicate and invalid with [{field, msg}]', async () => {
    const items = [
      item('a1'),
      item('a2', { weight: '100' }),
      item('a1'),
      item('a3', { color: 'red', weight: -1 }),
      item('a4', { star_type: 448 }),
    ];
    const res = await app.inject({ method: 'POST', url: '/batch', payload: { items } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { report_id: 'a1', status: 'created' },
      {
        report_id: 'a2',
        status: 'invalid',
        errors: [{ field: 'weight', msg: 'Input should be a valid integer, unable to parse string as an integer' }],
      },
      { report_id: 'a1', status: 'duplicate' },
      {
        report_id: 'a3',
        status: 'invalid',
        errors: [
          { field: 'weight', msg: 'Input should be greater than or equal to 0' },
          { field: 'color', msg: 'Extra inputs are not permitted' },
        ],
      },
      { report_id: 'a4', status: 'invalid', errors: [{ field: 'star_type', msg: 'Input should be 0, 446 or 447' }] },
    ]);
  });

  it('asks for a number, not an integer, where a decimal is expected (items, bodies and queries)', async () => {
    const items = [item('d1', { depth: '3.5' }), item('d2', { depth: true })];
    const res = await app.inject({ method: 'POST', url: '/batch', payload: { items } });
    expect(res.json().results.map((r: { errors: unknown }) => r.errors)).toEqual([
      [{ field: 'depth', msg: 'Input should be a valid number, unable to parse string as a number' }],
      [{ field: 'depth', msg: 'Input should be a valid number' }],
    ]);
    const single = await app.inject({ method: 'POST', url: '/single', payload: item('d3', { depth: 'deep' }) });
    expect(single.json().detail).toEqual([
      {
        type: 'float_parsing',
        loc: ['body', 'depth'],
        msg: 'Input should be a valid number, unable to parse string as a number',
        input: 'deep',
      },
    ]);
    const query = await app.inject({ method: 'GET', url: '/spot?x=abc&n=abc&i=abc' });
    expect(query.json().detail.map((entry: { type: string; loc: unknown }) => [entry.type, entry.loc])).toEqual([
      ['float_parsing', ['query', 'x']],
      ['int_parsing', ['query', 'n']],
      ['int_parsing', ['query', 'i']],
    ]);
  });

  it('makes an item with a NUL character invalid, not the whole batch', async () => {
    const items = [item('a1'), item('a2', { tags: ['ok', 'bad\u0000'] }), item('a3')];
    const res = await app.inject({ method: 'POST', url: '/batch', payload: { items } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { report_id: 'a1', status: 'created' },
      {
        report_id: 'a2',
        status: 'invalid',
        errors: [{ field: 'tags.1', msg: 'String should not contain NUL characters' }],
      },
      { report_id: 'a3', status: 'created' },
    ]);
  });

  it('gives a null key to items whose key is missing, malformed or holds a NUL, and to non-objects', async () => {
    const items = [{ weight: 1 }, item('has space'), item('x\u0000'), item(7), 'text', null];
    const res = await app.inject({ method: 'POST', url: '/batch', payload: { items } });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { report_id: unknown; status: string; errors: unknown[] }[];
    expect(results.map((r) => [r.report_id, r.status])).toEqual(Array(6).fill([null, 'invalid']));
    expect(results[0]!.errors).toEqual([{ field: 'report_id', msg: 'Field required' }]);
    expect(results[1]!.errors).toEqual([
      { field: 'report_id', msg: "String should match pattern '^[A-Za-z0-9_.:-]+$'" },
    ]);
    expect(results[2]!.errors).toEqual([{ field: 'report_id', msg: 'String should not contain NUL characters' }]);
    // The item itself is the wrong type: field "" (and a null item is not a "missing" one).
    const notAnObject = { field: '', msg: 'Input should be a valid dictionary or object to extract fields from' };
    expect(results[4]!.errors).toEqual([notAnObject]);
    expect(results[5]!.errors).toEqual([notAnObject]);
  });

  it('words item errors exactly as the 422 list words the same input', async () => {
    const bad = item('a1', { weight: 1.5, tags: 'x', extra: true });
    const single = await app.inject({ method: 'POST', url: '/single', payload: bad });
    expect(single.statusCode).toBe(422);
    const batch = await app.inject({ method: 'POST', url: '/batch', payload: { items: [bad] } });
    const fromList = (single.json().detail as { loc: string[]; msg: string }[]).map((e) => ({
      field: e.loc.slice(1).join('.'),
      msg: e.msg,
    }));
    expect(batch.json().results[0].errors).toEqual(fromList);
    expect(fromList.map((e) => e.field)).toEqual(['weight', 'tags', 'extra']);
  });

  it('refuses a bad envelope as a whole with FastAPI 422 entries', async () => {
    const cases: [unknown, object][] = [
      [{}, { type: 'missing', loc: ['body', 'items'], msg: 'Field required' }],
      [{ items: 'x' }, { type: 'list_type', loc: ['body', 'items'], msg: 'Input should be a valid list' }],
      [
        { items: [] },
        {
          type: 'too_short',
          loc: ['body', 'items'],
          msg: 'List should have at least 1 item after validation, not 0',
          ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
        },
      ],
      [[item('a1')], { type: 'model_attributes_type', loc: ['body'] }],
    ];
    for (const [payload, entry] of cases) {
      const res = await app.inject({ method: 'POST', url: '/batch', payload: payload as object });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining(entry)]);
    }
  });

  it('refuses more items than the limit (500 by default) with a 422 naming both numbers', async () => {
    const many = await app.inject({
      method: 'POST',
      url: '/batch',
      payload: { items: Array.from({ length: 501 }, (_, i) => item(`r${i}`)) },
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().detail[0]).toMatchObject({
      type: 'too_long',
      loc: ['body', 'items'],
      msg: 'List should have at most 500 items after validation, not 501',
    });
    const fiveHundred = await app.inject({
      method: 'POST',
      url: '/batch',
      payload: { items: Array.from({ length: 500 }, (_, i) => item(`r${i}`)) },
    });
    expect(fiveHundred.statusCode).toBe(200);

    const small = await app.inject({ method: 'POST', url: '/small-batch', payload: { items: [1, 2, 3] } });
    expect(small.json().detail[0].msg).toBe('List should have at most 2 items after validation, not 3');
  });

  it('still refuses a NUL character in the envelope outside the items', async () => {
    const res = await app.inject({ method: 'POST', url: '/batch', payload: { items: [item('a1')], note: 'n\u0000' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { type: 'string_nul', loc: ['body', 'note'], msg: 'String should not contain NUL characters', input: 'n\u0000' },
    ]);
  });

  it('still refuses a NUL character anywhere in a body that is not a batch', async () => {
    const res = await app.inject({ method: 'POST', url: '/single', payload: item('a1', { tags: ['\u0000'] }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ type: 'string_nul', loc: ['body', 'tags', 0] });
  });

  it('refuses absurd nesting inside an item for the whole request, and judges moderate nesting per item', async () => {
    const deep = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    const tooDeep = await app.inject({
      method: 'POST',
      url: '/batch',
      headers: { 'content-type': 'application/json' },
      payload: `{"items":[{"report_id":"a1","weight":1,"tags":${deep}}]}`,
    });
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json().detail[0]).toMatchObject({ type: 'json_invalid', msg: 'JSON decode error' });

    const nested = await app.inject({
      method: 'POST',
      url: '/batch',
      headers: { 'content-type': 'application/json' },
      payload: `{"items":[{"report_id":"a1","weight":1,"tags":[[[["x"]]]]}, {"report_id":"a2","weight":1}]}`,
    });
    expect(nested.statusCode).toBe(200);
    expect(nested.json().results).toEqual([
      { report_id: 'a1', status: 'invalid', errors: [{ field: 'tags.0', msg: 'Input should be a valid string' }] },
      { report_id: 'a2', status: 'created' },
    ]);
  });
});

describe('body size', () => {
  /** A JSON batch body of exactly `size` bytes (one valid item, padded by a field the envelope ignores). */
  const bodyOf = (size: number) => {
    const head = '{"items":[{"report_id":"a1","weight":1}],"pad":"';
    return head + 'x'.repeat(size - head.length - 2) + '"}';
  };

  it('takes a body of exactly the limit and answers limit + 1 byte with 413 and an actionable detail', async () => {
    const atLimit = await app.inject({
      method: 'POST',
      url: '/batch',
      headers: { 'content-type': 'application/json' },
      payload: bodyOf(MAX_BATCH_BYTES),
    });
    expect(atLimit.statusCode).toBe(200);

    const over = await app.inject({
      method: 'POST',
      url: '/batch',
      headers: { 'content-type': 'application/json' },
      payload: bodyOf(MAX_BATCH_BYTES + 1),
    });
    expect(over.statusCode).toBe(413);
    expect(over.headers['content-type']).toBe('application/json');
    expect(over.json()).toEqual({
      detail: `Request body is too large: this endpoint accepts at most ${MAX_BATCH_BYTES} bytes; send less (a batch: fewer items per request)`,
    });
  });
});

describe('response serialisation', () => {
  it('sends a trusted response as the handler built it, without re-validating', async () => {
    const res = await app.inject('/trusted');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 42, count: 'many', secret: 'kept' });
  });

  it('still validates (and strips) the answers of unmarked routes with the same schema', async () => {
    const wrong = await app.inject('/checked');
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toEqual({ detail: 'Internal Server Error' });
    const right = await app.inject('/checked-ok');
    expect(right.json()).toEqual({ name: 'a', count: 1 });
  });

  it('keeps the trusted schema in the OpenAPI document', async () => {
    const docs = (await app.inject('/docs/json')).json();
    const schema = docs.paths['/trusted'].get.responses['200'].content['application/json'].schema;
    expect(schema).toMatchObject({ type: 'object', required: ['name', 'count'] });
    expect(schema.properties).toEqual(
      docs.paths['/checked'].get.responses['200'].content['application/json'].schema.properties,
    );
  });

  it('documents a batch body with its item schema', async () => {
    const docs = (await app.inject('/docs/json')).json();
    const body = docs.paths['/batch'].post.requestBody.content['application/json'].schema;
    expect(body.properties.items).toMatchObject({ type: 'array', minItems: 1, maxItems: 500 });
    expect(body.properties.items.items.required).toEqual(['report_id', 'weight']);
  });
});

describe('raw bodies', () => {
  it('keeps the exact bytes on routes with config.rawBody, and only there', async () => {
    // Spacing and an escaped character that re-serialising the parsed JSON would not reproduce.
    const payload = '{ "id" : "\\u00e9vt_1",\n  "n": 1 }';
    const res = await app.inject({
      method: 'POST',
      url: '/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'évt_1',
      signature: createHmac('sha256', 'key').update(Buffer.from(payload)).digest('hex'),
      bytes: Buffer.byteLength(payload),
    });

    const plain = await app.inject({ method: 'POST', url: '/plain', payload: { id: 'x' } });
    expect(plain.json()).toEqual({ hasRaw: false });
  });
});
