/**
 * The OpenAPI document third parties generate clients from (decision 0019): the served document has no gaps
 * (`openapi-audit.ts`, the same audit as `npm run api:check`), the defaults every route gets, the named error shapes,
 * and error answers that stay the 4xx they are even when a route does not list their message. Real app, real
 * database (SQLite, or PostgreSQL under `npm run test:pg`).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationErrorBody } from '#shared/contracts/common';
import { asUser, signedIn } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/test-app';
import { auditOpenApi, type OpenApiDocument } from './openapi-audit';

interface Response {
  description: string;
  content?: { 'application/json': { schema: Record<string, unknown> } };
}
interface Operation {
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
}
type Document = OpenApiDocument & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

let ctx: TestContext;
let doc: Document;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000' } });
  doc = (await ctx.app.inject('/docs/json')).json();
});
afterAll(() => ctx?.close());

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const schemaOf = (response: Response | undefined) => response?.content?.['application/json'].schema;

describe('the served document', () => {
  it('has nothing a generated client cannot trust', () => {
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
    expect(auditOpenApi(doc)).toEqual([]);
  });

  it('gives routes guarded by requireUser the bearer scheme and 401, superuser routes also 403', () => {
    const me = doc.paths['/api/users/me']!.get!;
    expect(me.security).toEqual([{ bearer: [] }]);
    expect(schemaOf(me.responses['401'])).toEqual(ref('UnauthorizedError'));
    expect(me.responses['403']).toBeUndefined();

    const remove = doc.paths['/api/users/{id}']!.delete!;
    expect(remove.security).toEqual([{ superuser: [] }]);
    expect(schemaOf(remove.responses['401'])).toEqual(ref('UnauthorizedError'));
    expect(schemaOf(remove.responses['403'])).toEqual(ref('ForbiddenError'));
  });

  it('gives every route with input the 422 list, and keeps a route’s own 422 description', () => {
    const byId = doc.paths['/api/users/{id}']!.get!.responses['422'];
    expect(schemaOf(byId)).toEqual(ref('HTTPValidationError'));
    expect(byId!.description).toMatch(/FastAPI validation list/);
    const stats = doc.paths['/api/users/me/stats']!.get!.responses['422'];
    expect(schemaOf(stats)).toEqual(ref('HTTPValidationError'));
    expect(stats!.description).toBe('`tz` is not a known IANA time zone (FastAPI validation list)');
  });

  it('documents a described copy of a named error shape as the shape, with the route’s description', () => {
    const upload = doc.paths['/api/c_report/catches']!.post!.responses;
    expect(schemaOf(upload['401'])).toEqual(ref('UnauthorizedError'));
    expect(upload['401']!.description).toMatch(/logger token/);
    // Beside the overload's 503, each as its named shape, both described.
    expect(schemaOf(upload['503'])).toMatchObject({ anyOf: [ref('DatabaseBusyError'), ref('OverloadedError')] });
    expect(upload['503']!.description).toMatch(/^`DATABASE_BUSY`.*Or `SERVER_OVERLOADED`/s);
  });

  it('gives every operation the overload 503, except the health checks, which are never refused', () => {
    const overloaded = /SERVER_OVERLOADED/;
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        const described = operation.responses['503']?.description ?? '';
        const exempt = ['/health', '/ready', '/api/health', '/api/ready'].includes(path);
        expect(overloaded.test(described), `${method} ${path}`).toBe(!exempt);
      }
    expect(schemaOf(doc.paths['/api/heatmap']!.get!.responses['503'])).toEqual(ref('OverloadedError'));
    expect(doc.paths['/metrics']).toBeUndefined();
  });

  it('types codes as enums and refusals with a reason as {code, reason}', () => {
    const heatmap404 = schemaOf(doc.paths['/api/heatmap']!.get!.responses['404']);
    expect(heatmap404).toMatchObject({ properties: { detail: { type: 'string', enum: ['MAP_NOT_FOUND'] } } });
    const register400 = schemaOf(doc.paths['/api/auth/register']!.post!.responses['400']) as {
      properties: { detail: { anyOf: Record<string, unknown>[] } };
    };
    expect(register400.properties.detail.anyOf).toEqual([
      expect.objectContaining({ enum: ['REGISTER_USER_ALREADY_EXISTS', 'BINDING_CODE_INVALID'] }),
      expect.objectContaining({
        properties: { code: { type: 'string', enum: ['REGISTER_INVALID_PASSWORD'] }, reason: { type: 'string' } },
      }),
    ]);
  });

  it('names the shared shapes once: only components an operation uses, no unused request-side copies', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining(['HTTPValidationError', 'ValidationError', 'UnauthorizedError', 'ForbiddenError']),
    );
    const text = JSON.stringify(doc.paths);
    for (const name of names.filter((n) => n !== 'ValidationError'))
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
    expect(names.filter((name) => name.endsWith('Input'))).toEqual([]);
  });
});

describe('error answers', () => {
  it('answer the documented 422 shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/heatmap?map_id=x' });
    expect(res.statusCode).toBe(422);
    expect(ValidationErrorBody.safeParse(res.json()).success).toBe(true);
  });

  it('stay the 4xx they are when the route does not list their message (never a 500)', async () => {
    // @fastify/compress refuses a body that is not the gzip it claims: a 400 register does not list.
    const undecodable = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"email":"a@b.co","password":"secret12"}',
    });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({
      detail: 'Could not decompress the request payload using the provided encoding',
    });
    // The control: the same body really gzipped is read.
    const gzipped = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync('{"email":"gzip@example.com","password":"secret12"}'),
    });
    expect(gzipped.statusCode).toBe(201);

    const { token } = await signedIn(ctx.app);
    const octets = await asUser(ctx.app, token, {
      method: 'POST',
      url: '/api/users/me/avatar',
      headers: { 'content-type': 'application/octet-stream' },
      payload: 'not a picture',
    });
    expect(octets.statusCode).toBe(415);
    expect(octets.json()).toEqual({ detail: 'Unsupported Media Type' });
  });
});

describe('the audit', () => {
  const operation = (overrides: Record<string, unknown>) => ({
    paths: { '/api/thing/{id}': { post: { summary: 'A thing', description: 'Does it.', ...overrides } } },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, superuser: { type: 'http', scheme: 'bearer' } },
      schemas: { Typed: { type: 'object', properties: { detail: { type: 'string' } } } },
    },
  });
  const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
  const untyped = json({ type: 'object', properties: { detail: {} } });
  const kinds = (document: OpenApiDocument) => auditOpenApi(document).map((p) => `${p.operation} ${p.kind}`);

  it('finds each gap and names the operation', () => {
    expect(
      kinds(
        operation({
          summary: '',
          description: undefined,
          parameters: [{ in: 'path', name: 'id' }],
          responses: { 200: { description: 'Default Response' }, 401: { description: 'No token', ...untyped } },
        }),
      ),
    ).toEqual([
      'POST /api/thing/{id} summary',
      'POST /api/thing/{id} description',
      'POST /api/thing/{id} response-description',
      'POST /api/thing/{id} untyped-detail',
      'POST /api/thing/{id} no-422',
      'POST /api/thing/{id} no-security',
    ]);
    expect(kinds(operation({ security: [{ superuser: [] }], responses: { 200: { description: 'Done' } } }))).toEqual([
      'POST /api/thing/{id} no-401',
      'POST /api/thing/{id} no-403',
    ]);
  });

  it('accepts typed bodies, references, unions and optional bearer tokens', () => {
    const typed = json({ $ref: '#/components/schemas/Typed' });
    const union = json({
      anyOf: [{ $ref: '#/components/schemas/Typed' }, { properties: { detail: { enum: ['X'] } } }],
    });
    expect(
      kinds(
        operation({
          security: [{ bearer: [] }, {}],
          requestBody: {},
          responses: {
            200: { description: 'Done' },
            401: { description: 'Bad token', ...typed },
            422: { description: 'Invalid', ...union },
          },
        }),
      ),
    ).toEqual([]);
    // A union with an untyped branch is untyped.
    const loose = json({ anyOf: [{ $ref: '#/components/schemas/Typed' }, { properties: { detail: {} } }] });
    expect(
      kinds(operation({ responses: { 200: { description: 'Done' }, 404: { description: 'No', ...loose } } })),
    ).toEqual(['POST /api/thing/{id} untyped-detail']);
  });
});
