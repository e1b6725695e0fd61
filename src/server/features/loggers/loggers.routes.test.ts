/**
 * `/api/c_report/*`, the logger side (DESIGN §4): a logger registers itself, a user binds (and unbinds) its id, and
 * registration may bind one too. Real app, real database.
 */
import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRead } from '#shared/contracts/auth';
import { PASSWORD, USER_READ_KEYS, asUser, loginRequest, signedIn, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

const CLIENT_ID = /^bird_[0-9A-Za-z]{22}$/;
const NOT_FOUND = { detail: 'CLIENT_NOT_FOUND' };
const ALREADY_BOUND = { detail: 'CLIENT_ALREADY_BOUND' };

beforeAll(async () => {
  // Many loggers and accounts from one IP: the per-IP limit has its own app below.
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000' } });
});
afterAll(() => ctx?.close());

const createClient = (payload?: InjectOptions['payload']) =>
  ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', ...(payload === undefined ? {} : { payload }) });

async function newClientId(): Promise<string> {
  const res = await createClient({ player_name: 'Angler', version: '1.0.0' });
  expect(res.statusCode).toBe(201);
  return res.json().client_id;
}

const bind = (token: string, payload: InjectOptions['payload']) =>
  asUser(ctx.app, token, { method: 'POST', url: '/api/c_report/user/bind_client_id', payload });
const unbind = (token: string, payload?: InjectOptions['payload']) =>
  asUser(ctx.app, token, {
    method: 'DELETE',
    url: '/api/c_report/user/bind_client_id',
    ...(payload === undefined ? {} : { payload }),
  });
const me = (token: string) => asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' });

async function boundTo(clientId: string): Promise<string[]> {
  const rows = await ctx.db.kysely.selectFrom('users').select('id').where('client_id', '=', clientId).execute();
  return rows.map((r) => r.id);
}

async function accountExists(email: string): Promise<boolean> {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email_lower', '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

describe('POST /api/c_report/clients', () => {
  it('answers 201 {client_id, client_token} and stores only the SHA-256 of the token', async () => {
    const res = await createClient({ player_name: 'Bream Master', version: '2.3.4' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe('application/json');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['client_id', 'client_token']);
    expect(body.client_id).toMatch(CLIENT_ID);
    expect(typeof body.client_token).toBe('string');
    expect(body.client_token.length).toBeGreaterThanOrEqual(32);

    const row = await ctx.db.kysely
      .selectFrom('logger_client')
      .selectAll()
      .where('client_id', '=', body.client_id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(body.client_token);
    expect(row.token_hash).toBe(createHash('sha256').update(body.client_token).digest('hex'));
    expect(row).toMatchObject({ player_name: 'Bream Master', version: '2.3.4' });
    // The token appears nowhere in the row.
    expect(JSON.stringify(row)).not.toContain(body.client_token);
  });

  it('gives every logger its own id and token', async () => {
    const answers = await Promise.all([createClient({}), createClient({}), createClient({})]);
    const ids = new Set(answers.map((r) => r.json().client_id));
    const tokens = new Set(answers.map((r) => r.json().client_token));
    expect(ids.size).toBe(3);
    expect(tokens.size).toBe(3);
  });

  const expectStoredWithoutDetails = async (clientId: string) => {
    const row = await ctx.db.kysely
      .selectFrom('logger_client')
      .select(['player_name', 'version'])
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ player_name: null, version: null });
  };

  it('accepts an empty object', async () => {
    const res = await createClient({});
    expect(res.statusCode).toBe(201);
    expect(res.json().client_id).toMatch(CLIENT_ID);
    await expectStoredWithoutDetails(res.json().client_id);
  });

  it('accepts a request without any body (both fields are optional)', async () => {
    const res = await createClient();
    expect(res.json()).toEqual({ client_id: expect.stringMatching(CLIENT_ID), client_token: expect.any(String) });
    expect(res.statusCode).toBe(201);
    await expectStoredWithoutDetails(res.json().client_id);
  });

  it('refuses a player_name over 64 characters with 422 and stores nothing', async () => {
    const before = await ctx.db.kysely
      .selectFrom('logger_client')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await createClient({ player_name: 'p'.repeat(65) });
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail;
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({ type: 'string_too_long', loc: ['body', 'player_name'] });
    const after = await ctx.db.kysely
      .selectFrom('logger_client')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // 64 is fine.
    expect((await createClient({ player_name: 'p'.repeat(64) })).statusCode).toBe(201);
  });

  it('limits registrations per IP: the 4th in a minute gets 429 RATE_LIMITED with Retry-After', async () => {
    const limited = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '3' } });
    try {
      const call = () => limited.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(201);
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: 'RATE_LIMITED' });
      const retryAfter = String(res.headers['retry-after']);
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      const rows = await limited.db.kysely.selectFrom('logger_client').select('client_id').execute();
      expect(rows).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('/api/c_report/user/bind_client_id', () => {
  let alice: { user: UserRead; token: string };
  let bob: { user: UserRead; token: string };

  // Fresh accounts for every test: a binding made by one test must not be what another reads.
  beforeEach(async () => {
    [alice, bob] = await Promise.all([signedIn(ctx.app), signedIn(ctx.app)]);
  });

  it('needs a token (before looking at the body)', async () => {
    const clientId = await newClientId();
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/api/c_report/user/bind_client_id',
        payload: { client_id: clientId },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Unauthorized' });
    }
    const invalid = await ctx.app.inject({ method: 'POST', url: '/api/c_report/user/bind_client_id', payload: {} });
    expect(invalid.statusCode).toBe(401);
    expect(await boundTo(clientId)).toEqual([]);
  });

  it('answers 404 CLIENT_NOT_FOUND for an id no logger has', async () => {
    const res = await bind(alice.token, { client_id: 'bird_0000000000000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await me(alice.token)).json().client_id).toBeNull();
  });

  it('answers 422 missing for {}', async () => {
    const res = await bind(alice.token, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [{ type: 'missing', loc: ['body', 'client_id'], msg: 'Field required', input: {} }],
    });
  });

  it('binds, idempotently; another user then gets 409 CLIENT_ALREADY_BOUND', async () => {
    const clientId = await newClientId();
    const res = await bind(alice.token, { client_id: clientId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
    expect(res.json()).toMatchObject({ id: alice.user.id, email: alice.user.email, client_id: clientId });
    expect((await me(alice.token)).json().client_id).toBe(clientId);

    const again = await bind(alice.token, { client_id: clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().client_id).toBe(clientId);

    const stolen = await bind(bob.token, { client_id: clientId });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual(ALREADY_BOUND);
    expect((await me(bob.token)).json().client_id).toBeNull();
    expect(await boundTo(clientId)).toEqual([alice.user.id]);
  });

  it('replaces the previous logger, which becomes free for someone else', async () => {
    const first = await newClientId();
    const second = await newClientId();
    expect((await bind(alice.token, { client_id: first })).statusCode).toBe(200);
    const res = await bind(alice.token, { client_id: second });
    expect(res.statusCode).toBe(200);
    expect(res.json().client_id).toBe(second);
    expect((await me(alice.token)).json().client_id).toBe(second);
    expect(await boundTo(first)).toEqual([]);

    const taken = await bind(bob.token, { client_id: first });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().client_id).toBe(first);
    expect(await boundTo(first)).toEqual([bob.user.id]);
    expect(await boundTo(second)).toEqual([alice.user.id]);
  });

  it('trims whitespace around the id', async () => {
    const clientId = await newClientId();
    const res = await bind(alice.token, { client_id: `  ${clientId}\n` });
    expect(res.statusCode).toBe(200);
    expect(res.json().client_id).toBe(clientId);
    expect(await boundTo(clientId)).toEqual([alice.user.id]);
  });

  it('unbinds with DELETE {}; the logger can then be bound by another user', async () => {
    const carol = await signedIn(ctx.app);
    const clientId = await newClientId();
    expect((await bind(carol.token, { client_id: clientId })).statusCode).toBe(200);

    const res = await unbind(carol.token, {});
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
    expect(res.json()).toMatchObject({ id: carol.user.id, client_id: null });
    expect((await me(carol.token)).json().client_id).toBeNull();
    expect(await boundTo(clientId)).toEqual([]);

    // Nothing bound any more.
    const nothing = await unbind(carol.token, {});
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual(NOT_FOUND);

    const dave = await signedIn(ctx.app);
    const rebound = await bind(dave.token, { client_id: clientId });
    expect(rebound.statusCode).toBe(200);
    expect(rebound.json().client_id).toBe(clientId);
  });

  it('unbinds with a DELETE without any body, as the web client sends it', async () => {
    const frank = await signedIn(ctx.app);
    const clientId = await newClientId();
    expect((await bind(frank.token, { client_id: clientId })).statusCode).toBe(200);

    const res = await unbind(frank.token);
    expect(res.json()).toMatchObject({ id: frank.user.id, client_id: null });
    expect(res.statusCode).toBe(200);
    expect(await boundTo(clientId)).toEqual([]);

    const nothing = await unbind(frank.token);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual(NOT_FOUND);
  });

  it('unbinds only the bound id when one is named', async () => {
    const erin = await signedIn(ctx.app);
    const mine = await newClientId();
    const other = await newClientId();
    expect((await bind(erin.token, { client_id: mine })).statusCode).toBe(200);

    const wrong = await unbind(erin.token, { client_id: other });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(NOT_FOUND);
    expect((await me(erin.token)).json().client_id).toBe(mine);

    const right = await unbind(erin.token, { client_id: ` ${mine} ` });
    expect(right.statusCode).toBe(200);
    expect(right.json().client_id).toBeNull();
  });

  it('lets exactly one of two users racing for one logger win', async () => {
    const [racerA, racerB] = await Promise.all([signedIn(ctx.app), signedIn(ctx.app)]);
    for (let round = 0; round < 3; round++) {
      const clientId = await newClientId();
      const answers = await Promise.all([
        bind(racerA.token, { client_id: clientId }),
        bind(racerB.token, { client_id: clientId }),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!.json();
      expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual(ALREADY_BOUND);
      expect(await boundTo(clientId)).toEqual([winner.id]);
      // Free both for the next round.
      await Promise.all([unbind(racerA.token, {}), unbind(racerB.token, {})]);
    }
  });
});

describe('POST /api/auth/register with client_id', () => {
  const registerWith = (email: string, clientId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: PASSWORD, client_id: clientId },
    });

  it('answers 404 CLIENT_NOT_FOUND for an unknown logger and creates no account', async () => {
    const email = uniqueEmail('orphan');
    const res = await registerWith(email, 'bird_ZZZZZZZZZZZZZZZZZZZZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect(await accountExists(email)).toBe(false);
    const login = await loginRequest(ctx.app, email, PASSWORD);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
  });

  it('answers 409 CLIENT_ALREADY_BOUND for a logger bound to someone else, and creates no account', async () => {
    const owner = await signedIn(ctx.app);
    const clientId = await newClientId();
    expect((await bind(owner.token, { client_id: clientId })).statusCode).toBe(200);
    const email = uniqueEmail('late');
    const res = await registerWith(email, clientId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(ALREADY_BOUND);
    expect(await accountExists(email)).toBe(false);
    expect(await boundTo(clientId)).toEqual([owner.user.id]);
  });

  it('binds a free logger: 201 with client_id set', async () => {
    const clientId = await newClientId();
    const email = uniqueEmail('fresh');
    const res = await registerWith(email, clientId);
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
    expect(res.json()).toMatchObject({ email, client_id: clientId, is_active: true, is_superuser: false });
    expect(await boundTo(clientId)).toEqual([res.json().id]);
    // Someone else can no longer bind it.
    const other = await signedIn(ctx.app);
    const stolen = await bind(other.token, { client_id: clientId });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual(ALREADY_BOUND);
  });
});
