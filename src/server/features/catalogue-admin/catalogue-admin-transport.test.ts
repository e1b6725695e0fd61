/**
 * The admin catalogue routes' own rules, over a fake loader and importer (test/fake-catalogue-import.ts): who may
 * call them, what body they take and refuse before reading it (type, size, chunked and inflated bodies), how many
 * packages one server reads at once, one apply at a time, a change prepared against an older live version, the
 * rate limit, and the public JSON Schema route. Real app, real database; catalogue-admin.routes.test.ts runs the
 * same routes on the real importer.
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueApplyResult, CatalogueDryRun, CatalogueVersionList } from '#shared/contracts/catalogue-package';
import { asUser, signedIn } from '../../test/accounts';
import { type FakeCatalogueImport, fakeCatalogueImport } from '../../test/fake-catalogue-import';
import { createTestApp, type TestContext } from '../../test/test-app';

const LIMIT = 64 * 1024;
let ctx: TestContext;
let fake: FakeCatalogueImport;
let admin: { token: string; email: string };
let user: string;

async function superuser(app: TestContext) {
  const boss = await signedIn(app.app);
  await app.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', boss.user.id).execute();
  return { token: boss.token, email: boss.user.email };
}

// Each test on an app and a fake of its own: they pass in any order.
beforeEach(async () => {
  fake = fakeCatalogueImport();
  ctx = await createTestApp({
    seed: false,
    catalogueImport: fake,
    env: {
      AUTH_IP_PER_MINUTE: '100000',
      CATALOGUE_UPLOAD_MAX_BYTES: String(LIMIT),
      CATALOGUE_ADMIN_PER_MINUTE: '1000',
    },
  });
  admin = await superuser(ctx);
  user = (await signedIn(ctx.app)).token;
});
afterEach(() => ctx?.close());

const zip = (text: string) => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from(text)]);
const post = (
  token: string | null,
  url: string,
  payload: Buffer | string | Readable,
  headers: Record<string, string> = { 'content-type': 'application/zip' },
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
const get = (token: string | null, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('who may call /api/admin/catalogue', () => {
  const calls = [
    (token: string | null) => get(token, '/api/admin/catalogue/versions'),
    (token: string | null) => post(token, '/api/admin/catalogue/dry-run', zip('a')),
    (token: string | null) => post(token, '/api/admin/catalogue/apply', zip('a')),
    (token: string | null) => get(token, '/api/admin/catalogue/versions/1/rollback-preview'),
    (token: string | null) => post(token, '/api/admin/catalogue/versions/1/rollback', ''),
  ];

  it('answers 401 to visitors and 403 to other users, no-store, and changes nothing', async () => {
    for (const call of calls) {
      const visitor = await call(null);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ detail: 'Unauthorized' });
      expect(visitor.headers['cache-control']).toBe('no-store');
      const regular = await call(user);
      expect(regular.statusCode).toBe(403);
      expect(regular.json()).toEqual({ detail: 'Forbidden' });
      expect(regular.headers['cache-control']).toBe('no-store');
    }
    expect(fake.versionsMade).toHaveLength(0);
  });

  it('reads no cookie: a browser session cookie without the bearer header is a visitor', async () => {
    const res = await post(null, '/api/admin/catalogue/apply', zip('cookie'), {
      'content-type': 'application/zip',
      cookie: `token=${admin.token}; access_token=${admin.token}`,
    });
    expect(res.statusCode).toBe(401);
    expect(fake.versionsMade).toHaveLength(0);
  });
});

describe('dry run, apply, versions, rollback', () => {
  it('answers a dry run report, then applies as a new version recorded with the superuser', async () => {
    const dry = await post(admin.token, '/api/admin/catalogue/dry-run', zip('one'));
    expect(dry.statusCode).toBe(200);
    expect(dry.headers['cache-control']).toBe('no-store');
    const report = CatalogueDryRun.parse(dry.json());
    expect(report).toMatchObject({ ok: true, unchanged: false });
    expect(report.diff?.added).toEqual([{ group: 'fish', id: 9001, name: '新鱼' }]);
    expect(fake.versionsMade).toHaveLength(0);

    const applied = await post(admin.token, '/api/admin/catalogue/apply?if_live=0', zip('one'), {
      'content-type': 'application/octet-stream',
    });
    expect(applied.statusCode).toBe(200);
    const result = CatalogueApplyResult.parse(applied.json());
    expect(result.version).toMatchObject({ id: 1, kind: 'import', applied_by: admin.email });

    const again = await post(admin.token, '/api/admin/catalogue/apply', zip('one'));
    expect(again.statusCode).toBe(200);
    expect(CatalogueApplyResult.parse(again.json())).toMatchObject({ unchanged: true, version: null });

    const list = CatalogueVersionList.parse((await get(admin.token, '/api/admin/catalogue/versions')).json());
    expect(list.live).toBe(1);
    expect(list.items.map((v) => v.id)).toEqual([1]);
  });

  it('refuses a package with problems with 422 and every problem, applying nothing', async () => {
    const before = fake.versionsMade.length;
    const dry = await post(admin.token, '/api/admin/catalogue/dry-run', zip('BAD'));
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ ok: false, problems: [{ file: 'fish.json', item_id: 7, field: 'name' }] });
    const res = await post(admin.token, '/api/admin/catalogue/apply', zip('BAD'), {
      'content-type': 'application/gzip',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: {
        code: 'CATALOGUE_PACKAGE_REFUSED',
        problems: [
          { file: 'fish.json', item_id: 7, field: 'name', code: 'name_missing', message: 'fish 7 has no zh name' },
        ],
      },
    });
    expect(fake.versionsMade).toHaveLength(before);
  });

  it('refuses with 409 a change prepared against a version that is no longer live', async () => {
    await post(admin.token, '/api/admin/catalogue/apply', zip('one'));
    const before = fake.versionsMade.length;
    const live = before; // ids are 1, 2, 3 …
    const stale = await post(admin.token, `/api/admin/catalogue/apply?if_live=${live + 5}`, zip('stale'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: 'CATALOGUE_LIVE_CHANGED' });
    const staleRollback = await post(admin.token, `/api/admin/catalogue/versions/1/rollback?if_live=0`, '');
    expect(staleRollback.statusCode).toBe(409);
    expect(fake.versionsMade).toHaveLength(before);
  });

  it('previews and rolls back to a version as a new one; 404 for an unknown version', async () => {
    await post(admin.token, '/api/admin/catalogue/apply', zip('one'));
    await post(admin.token, '/api/admin/catalogue/apply', zip('two'));
    const live = fake.versionsMade.length;
    expect(live).toBe(2);
    const preview = await get(admin.token, '/api/admin/catalogue/versions/1/rollback-preview');
    expect(preview.statusCode).toBe(200);
    expect(CatalogueDryRun.parse(preview.json()).ok).toBe(true);
    const back = await post(admin.token, `/api/admin/catalogue/versions/1/rollback?if_live=${live}`, '');
    expect(back.statusCode).toBe(200);
    expect(CatalogueApplyResult.parse(back.json()).version).toMatchObject({
      id: live + 1,
      kind: 'rollback',
      restored_from: 1,
      applied_by: admin.email,
    });
    for (const res of [
      await get(admin.token, '/api/admin/catalogue/versions/999/rollback-preview'),
      await post(admin.token, '/api/admin/catalogue/versions/999/rollback', ''),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'CATALOGUE_VERSION_NOT_FOUND' });
    }
    const bad = await get(admin.token, '/api/admin/catalogue/versions/abc/rollback-preview');
    expect(bad.statusCode).toBe(422);
  });
});

describe('what the upload routes refuse before reading', () => {
  it.each([
    ['application/json', '{"manifest":{}}'],
    ['application/x-www-form-urlencoded', 'a=b'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['text/plain', 'PK'],
  ])('a %s body: 415 with what to send instead', async (type, body) => {
    const res = await post(admin.token, '/api/admin/catalogue/apply', body, { 'content-type': type });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail.code).toBe('CATALOGUE_PACKAGE_MEDIA_TYPE');
    expect(res.json().detail.reason).toMatch(/application\/zip/);
  });

  it('no content type at all: 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/dry-run',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(415);
  });

  it('an empty archive body: the 422 validation list', async () => {
    const res = await post(admin.token, '/api/admin/catalogue/dry-run', Buffer.alloc(0));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
  });

  it('a body over CATALOGUE_UPLOAD_MAX_BYTES, declared, chunked or inflated: 413 naming the limit', async () => {
    const before = fake.versionsMade.length;
    const declared = await post(admin.token, '/api/admin/catalogue/apply', Buffer.alloc(LIMIT + 1, 1));
    expect(declared.statusCode).toBe(413);
    expect(declared.json().detail.code).toBe('CATALOGUE_PACKAGE_TOO_LARGE');
    expect(declared.json().detail.reason).toContain(String(LIMIT));

    // No Content-Length: counted as it arrives.
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(8 * 1024, 2));
    const chunked = await post(admin.token, '/api/admin/catalogue/apply', Readable.from(chunks));
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().detail.code).toBe('CATALOGUE_PACKAGE_TOO_LARGE');

    // 1 KB on the wire that inflates to 16 MB (Content-Encoding: gzip): counted after inflating.
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(LIMIT);
    const inflated = await post(admin.token, '/api/admin/catalogue/apply', bomb, {
      'content-type': 'application/zip',
      'content-encoding': 'gzip',
    });
    expect(inflated.statusCode).toBe(413);
    expect(fake.versionsMade).toHaveLength(before);

    // The refused requests gave their places back: the next upload goes through.
    expect((await post(admin.token, '/api/admin/catalogue/dry-run', zip('after'))).statusCode).toBe(200);
  });
});

/** Waits until the fake's loads have reached their gate (the requests hold their places then). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('concurrency on one server', () => {
  it('one apply at a time: a second one meanwhile is 409 CATALOGUE_APPLY_IN_PROGRESS, then applies', async () => {
    let open!: () => void;
    fake.gate = new Promise((resolve) => (open = resolve));
    const first = post(admin.token, '/api/admin/catalogue/apply', zip('concurrent-1'));
    await until(() => fake.waiting === 1);
    const second = await post(admin.token, '/api/admin/catalogue/apply', zip('concurrent-2'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: 'CATALOGUE_APPLY_IN_PROGRESS' });
    const rollback = await post(admin.token, '/api/admin/catalogue/versions/1/rollback', '');
    expect(rollback.statusCode).toBe(409);
    fake.gate = null;
    open();
    expect((await first).statusCode).toBe(200);
    const after = await post(admin.token, '/api/admin/catalogue/apply', zip('concurrent-2'));
    expect(after.statusCode).toBe(200);
    expect(after.json().version).not.toBeNull();
  });

  it('at most two packages read at once: a third is 503 CATALOGUE_BUSY with Retry-After', async () => {
    let open!: () => void;
    fake.gate = new Promise((resolve) => (open = resolve));
    const reading = [
      post(admin.token, '/api/admin/catalogue/dry-run', zip('r1')),
      post(admin.token, '/api/admin/catalogue/dry-run', zip('r2')),
    ];
    await until(() => fake.waiting === 2);
    const third = await post(admin.token, '/api/admin/catalogue/dry-run', zip('r3'));
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('5');
    expect(third.json().detail.code).toBe('CATALOGUE_BUSY');
    fake.gate = null;
    open();
    for (const res of await Promise.all(reading)) expect(res.statusCode).toBe(200);
    expect((await post(admin.token, '/api/admin/catalogue/dry-run', zip('r3'))).statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  it('answers 429 RATE_LIMITED past CATALOGUE_ADMIN_PER_MINUTE, for that superuser only', async () => {
    const limited = await createTestApp({
      seed: false,
      catalogueImport: fakeCatalogueImport(),
      env: { AUTH_IP_PER_MINUTE: '100000', CATALOGUE_ADMIN_PER_MINUTE: '2' },
    });
    try {
      const one = await superuser(limited);
      const two = await superuser(limited);
      const versions = (token: string) =>
        asUser(limited.app, token, { method: 'GET', url: '/api/admin/catalogue/versions' });
      expect((await versions(one.token)).statusCode).toBe(200);
      expect((await versions(one.token)).statusCode).toBe(200);
      const over = await versions(one.token);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ detail: 'RATE_LIMITED' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await versions(two.token)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/system/catalogue-schema.json', () => {
  it('answers the JSON Schema to anyone, cacheable, with an ETag and 304', async () => {
    const res = await ctx.app.inject('/api/system/catalogue-schema.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const schema = res.json();
    expect(JSON.stringify(schema)).toContain('format_version');
    const again = await ctx.app.inject({
      url: '/api/system/catalogue-schema.json',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
