/**
 * `/api/c_report/*`, the logger side (docs/design.md §4, decision 0017): a logger registers itself and asks for binding
 * codes; a user binds its id with such a code (and unbinds it), and registration may bind one too. Real app, real
 * database.
 */
import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BINDING_CODE_ALPHABET, BINDING_CODE_LENGTH, BINDING_CODE_LIFETIME_MS } from '#shared/account-rules';
import type { UserRead } from '#shared/contracts/auth';
import { PASSWORD, USER_READ_KEYS, asUser, loginRequest, signedIn, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { BINDING_FAILURES_PER_WINDOW } from './binding-attempts';

let ctx: TestContext;

const LOGGER_ID = /^bird_[0-9A-Za-z]{22}$/;
const NOT_FOUND = { detail: 'CLIENT_NOT_FOUND' };
const ALREADY_BOUND = { detail: 'CLIENT_ALREADY_BOUND' };
const BAD_CODE = { detail: 'BINDING_CODE_INVALID' };
const CODE = new RegExp(`^[${BINDING_CODE_ALPHABET}]{${BINDING_CODE_LENGTH}}$`);

beforeAll(async () => {
  // Many loggers and accounts from one IP: the per-IP limit has its own app below.
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '100000' } });
});
afterAll(() => ctx?.close());

const createClient = (payload?: InjectOptions['payload']) =>
  ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', ...(payload === undefined ? {} : { payload }) });

interface Logger {
  client_id: string;
  client_token: string;
}

async function newLogger(): Promise<Logger> {
  const res = await createClient({ player_name: 'Angler', version: '1.0.0' });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const askCode = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/c_report/clients/binding_code',
    headers: { authorization: `Bearer ${token}` },
  });

/** A fresh binding code from the logger, as the logger would ask for it. */
async function codeOf(logger: Logger): Promise<string> {
  const res = await askCode(logger.client_token);
  expect(res.statusCode).toBe(200);
  return res.json().code;
}

/** The logger's id with a fresh code: what a player types into the bind form. */
const proof = async (logger: Logger) => ({ client_id: logger.client_id, code: await codeOf(logger) });

/** A wrong code for any logger: one character changed (keeps the shape, so only the check refuses it). */
const wrongCode = (code: string) => `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;

const bind = (token: string, payload: InjectOptions['payload']) =>
  asUser(ctx.app, token, { method: 'POST', url: '/api/c_report/user/bind_client_id', payload });
const unbind = (token: string, payload?: InjectOptions['payload']) =>
  asUser(ctx.app, token, {
    method: 'DELETE',
    url: '/api/c_report/user/bind_client_id',
    ...(payload === undefined ? {} : { payload }),
  });
const me = (token: string) => asUser(ctx.app, token, { method: 'GET', url: '/api/users/me' });

async function boundTo(loggerId: string): Promise<string[]> {
  const rows = await ctx.db.kysely.selectFrom('users').select('id').where('client_id', '=', loggerId).execute();
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
    expect(body.client_id).toMatch(LOGGER_ID);
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

  const expectStoredWithoutDetails = async (loggerId: string) => {
    const row = await ctx.db.kysely
      .selectFrom('logger_client')
      .select(['player_name', 'version'])
      .where('client_id', '=', loggerId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ player_name: null, version: null });
  };

  it('accepts an empty object', async () => {
    const res = await createClient({});
    expect(res.statusCode).toBe(201);
    expect(res.json().client_id).toMatch(LOGGER_ID);
    await expectStoredWithoutDetails(res.json().client_id);
  });

  it('accepts a request without any body (both fields are optional)', async () => {
    const res = await createClient();
    expect(res.json()).toEqual({ client_id: expect.stringMatching(LOGGER_ID), client_token: expect.any(String) });
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

describe('POST /api/c_report/clients: unsafe characters', () => {
  it.each([
    ['player_name', 'Pike\u202EKing', 'Player name contains unsafe characters: U+202E.'],
    ['player_name', '\u001B[31mPike', 'Player name contains unsafe characters: U+001B.'],
    ['player_name', 'two\nlines', 'Player name contains unsafe characters: U+000A.'],
    ['player_name', 'zero\u200Bwidth', 'Player name contains unsafe characters: U+200B.'],
    ['version', '1.0\u2066', 'Version contains unsafe characters: U+2066.'],
    ['version', '1.0\u0007', 'Version contains unsafe characters: U+0007.'],
  ])('refuses %s %j with 422 and stores nothing', async (field, value, msg) => {
    const count = async () =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('logger_client')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await createClient({ [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      expect.objectContaining({ type: 'value_error', loc: ['body', field], msg: expect.stringContaining(msg) }),
    ]);
    expect(await count()).toBe(before);
  });

  it('keeps names in any script, with spaces and punctuation', async () => {
    const res = await createClient({ player_name: '夜钓人 Pike-King ヘラ師 <b>', version: '2.0.1-beta' });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/c_report/clients/binding_code', () => {
  it('answers a code of 8 unambiguous characters valid 10 minutes, and stores only its hash', async () => {
    const logger = await newLogger();
    const before = Date.now();
    const res = await askCode(logger.client_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['code', 'expires_at']);
    expect(body.code).toMatch(CODE);
    expect(body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const expires = Date.parse(body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + BINDING_CODE_LIFETIME_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + BINDING_CODE_LIFETIME_MS);

    const rows = await ctx.db.kysely
      .selectFrom('logger_binding_code')
      .selectAll()
      .where('client_id', '=', logger.client_id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toBe(createHash('sha256').update(body.code).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(body.code);
  });

  it('needs a logger token: none, a wrong one or a user token is 401', async () => {
    const { token } = await signedIn(ctx.app);
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: `Bearer ${token}` }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients/binding_code', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('replaces the previous code: only the newest one binds', async () => {
    const logger = await newLogger();
    const { token } = await signedIn(ctx.app);
    const first = await codeOf(logger);
    const second = await codeOf(logger);
    const stale = await bind(token, { client_id: logger.client_id, code: first });
    // Two random codes may coincide (1 in 2^40): then the first one is the second one and binds.
    if (first !== second) {
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toEqual(BAD_CODE);
      expect((await bind(token, { client_id: logger.client_id, code: second })).statusCode).toBe(200);
    }
    expect(await boundTo(logger.client_id)).toHaveLength(1);
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
    const logger = await newLogger();
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/api/c_report/user/bind_client_id',
        payload: await proof(logger),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Unauthorized' });
    }
    const invalid = await ctx.app.inject({ method: 'POST', url: '/api/c_report/user/bind_client_id', payload: {} });
    expect(invalid.statusCode).toBe(401);
    expect(await boundTo(logger.client_id)).toEqual([]);
  });

  it('answers 404 CLIENT_NOT_FOUND for an id no logger has', async () => {
    const res = await bind(alice.token, { client_id: 'bird_0000000000000000000000', code: 'ABCD2345' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await me(alice.token)).json().client_id).toBeNull();
  });

  it('answers 422 missing for {}', async () => {
    const res = await bind(alice.token, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [
        { type: 'missing', loc: ['body', 'client_id'], msg: 'Field required', input: {} },
        { type: 'missing', loc: ['body', 'code'], msg: 'Field required', input: {} },
      ],
    });
  });

  describe('the attack: binding a logger without proof of possession is refused and changes nothing', () => {
    it('without a code: 422 missing `code`', async () => {
      const logger = await newLogger();
      await codeOf(logger);
      const res = await bind(bob.token, { client_id: logger.client_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([
        { type: 'missing', loc: ['body', 'code'], msg: 'Field required', input: { client_id: logger.client_id } },
      ]);
      expect((await me(bob.token)).json().client_id).toBeNull();
      expect(await boundTo(logger.client_id)).toEqual([]);
    });

    it('with a wrong code, with no code ever asked for, or with another logger’s code: 400 BINDING_CODE_INVALID', async () => {
      const victim = await newLogger();
      const own = await newLogger();
      const unasked = await newLogger();
      const ownCode = await codeOf(own);
      const attempts = [
        { client_id: victim.client_id, code: wrongCode(await codeOf(victim)) },
        { client_id: unasked.client_id, code: 'ABCD2345' },
        { client_id: victim.client_id, code: ownCode },
      ];
      for (const payload of attempts) {
        const res = await bind(bob.token, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual(BAD_CODE);
      }
      expect((await me(bob.token)).json().client_id).toBeNull();
      expect(await boundTo(victim.client_id)).toEqual([]);
      expect(await boundTo(unasked.client_id)).toEqual([]);
      // The other logger's code was not used up by the refused attempt: it still binds its own logger.
      expect((await bind(bob.token, { client_id: own.client_id, code: ownCode })).statusCode).toBe(200);
    });

    it('after the owner unbinds, the logger id alone no longer lets anyone else take it', async () => {
      const logger = await newLogger();
      expect((await bind(alice.token, await proof(logger))).statusCode).toBe(200);
      expect((await unbind(alice.token)).statusCode).toBe(200);
      // The code alice used is spent.
      const replay = await bind(bob.token, { client_id: logger.client_id, code: 'ABCD2345' });
      expect(replay.statusCode).toBe(400);
      expect(await boundTo(logger.client_id)).toEqual([]);
    });

    it('with a code already used: refused, even by the user who used it', async () => {
      const logger = await newLogger();
      const code = await codeOf(logger);
      expect((await bind(alice.token, { client_id: logger.client_id, code })).statusCode).toBe(200);
      expect((await unbind(alice.token)).statusCode).toBe(200);
      for (const token of [bob.token, alice.token]) {
        const res = await bind(token, { client_id: logger.client_id, code });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(BAD_CODE);
      }
      expect(await boundTo(logger.client_id)).toEqual([]);
    });

    it('with an expired code: refused', async () => {
      const logger = await newLogger();
      const code = await codeOf(logger);
      // Ten minutes have passed.
      await ctx.db.kysely
        .updateTable('logger_binding_code')
        .set({ expires_at: Date.now() - 1 })
        .where('client_id', '=', logger.client_id)
        .execute();
      const res = await bind(alice.token, { client_id: logger.client_id, code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_CODE);
      expect((await me(alice.token)).json().client_id).toBeNull();
    });
  });

  it('binds with the code the logger shows, typed in any case with spaces or a hyphen', async () => {
    const logger = await newLogger();
    const code = await codeOf(logger);
    const typed = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `;
    const res = await bind(alice.token, { client_id: logger.client_id, code: typed });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
    expect(res.json()).toMatchObject({ id: alice.user.id, email: alice.user.email, client_id: logger.client_id });
    expect((await me(alice.token)).json().client_id).toBe(logger.client_id);
    // Used up.
    const rows = await ctx.db.kysely
      .selectFrom('logger_binding_code')
      .select('client_id')
      .where('client_id', '=', logger.client_id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('binds again with a new code, idempotently; another user with a valid code then gets 409', async () => {
    const logger = await newLogger();
    expect((await bind(alice.token, await proof(logger))).statusCode).toBe(200);
    const again = await bind(alice.token, await proof(logger));
    expect(again.statusCode).toBe(200);
    expect(again.json().client_id).toBe(logger.client_id);

    const stolen = await bind(bob.token, await proof(logger));
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual(ALREADY_BOUND);
    expect((await me(bob.token)).json().client_id).toBeNull();
    expect(await boundTo(logger.client_id)).toEqual([alice.user.id]);
  });

  it('replaces the previous logger, which becomes free for someone else', async () => {
    const first = await newLogger();
    const second = await newLogger();
    expect((await bind(alice.token, await proof(first))).statusCode).toBe(200);
    const res = await bind(alice.token, await proof(second));
    expect(res.statusCode).toBe(200);
    expect(res.json().client_id).toBe(second.client_id);
    expect(await boundTo(first.client_id)).toEqual([]);

    const taken = await bind(bob.token, await proof(first));
    expect(taken.statusCode).toBe(200);
    expect(await boundTo(first.client_id)).toEqual([bob.user.id]);
    expect(await boundTo(second.client_id)).toEqual([alice.user.id]);
  });

  it('trims whitespace around the id', async () => {
    const logger = await newLogger();
    const res = await bind(alice.token, { client_id: `  ${logger.client_id}\n`, code: await codeOf(logger) });
    expect(res.statusCode).toBe(200);
    expect(res.json().client_id).toBe(logger.client_id);
  });

  it('unbinds with DELETE {}; the logger can then be bound by another user with a new code', async () => {
    const carol = await signedIn(ctx.app);
    const logger = await newLogger();
    expect((await bind(carol.token, await proof(logger))).statusCode).toBe(200);

    const res = await unbind(carol.token, {});
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
    expect(res.json()).toMatchObject({ id: carol.user.id, client_id: null });
    expect(await boundTo(logger.client_id)).toEqual([]);

    const nothing = await unbind(carol.token, {});
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual(NOT_FOUND);

    const dave = await signedIn(ctx.app);
    const rebound = await bind(dave.token, await proof(logger));
    expect(rebound.statusCode).toBe(200);
    expect(rebound.json().client_id).toBe(logger.client_id);
  });

  it('unbinds with a DELETE without any body, as the web client sends it', async () => {
    const frank = await signedIn(ctx.app);
    const logger = await newLogger();
    expect((await bind(frank.token, await proof(logger))).statusCode).toBe(200);
    const res = await unbind(frank.token);
    expect(res.json()).toMatchObject({ id: frank.user.id, client_id: null });
    expect(res.statusCode).toBe(200);
    const nothing = await unbind(frank.token);
    expect(nothing.statusCode).toBe(404);
  });

  it('unbinds only the bound id when one is named', async () => {
    const erin = await signedIn(ctx.app);
    const mine = await newLogger();
    const other = await newLogger();
    expect((await bind(erin.token, await proof(mine))).statusCode).toBe(200);
    const wrong = await unbind(erin.token, { client_id: other.client_id });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(NOT_FOUND);
    expect((await me(erin.token)).json().client_id).toBe(mine.client_id);
    const right = await unbind(erin.token, { client_id: ` ${mine.client_id} ` });
    expect(right.statusCode).toBe(200);
    expect(right.json().client_id).toBeNull();
  });

  it('lets exactly one of two binds racing with one code win', async () => {
    const [racerA, racerB] = await Promise.all([signedIn(ctx.app), signedIn(ctx.app)]);
    for (let round = 0; round < 3; round++) {
      const payload = await proof(await newLogger());
      const answers = await Promise.all([bind(racerA.token, payload), bind(racerB.token, payload)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const winner = answers.find((r) => r.statusCode === 200)!.json();
      expect(await boundTo(payload.client_id)).toEqual([winner.id]);
      await Promise.all([unbind(racerA.token, {}), unbind(racerB.token, {})]);
    }
  });
});

describe('guessing binding codes', () => {
  const expectLimited = (res: Awaited<ReturnType<typeof bind>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: 'RATE_LIMITED' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(BINDING_CODE_LIFETIME_MS / 1000);
  };

  it(`allows ${BINDING_FAILURES_PER_WINDOW} wrong codes per logger, whoever sends them; then even the right one is 429`, async () => {
    const [mallory, trudy, owner] = await Promise.all([signedIn(ctx.app), signedIn(ctx.app), signedIn(ctx.app)]);
    const logger = await newLogger();
    const code = await codeOf(logger);
    for (let i = 0; i < BINDING_FAILURES_PER_WINDOW; i++) {
      const res = await bind(i % 2 ? mallory.token : trudy.token, {
        client_id: logger.client_id,
        code: wrongCode(code),
      });
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await bind(owner.token, { client_id: logger.client_id, code }));
    expect(await boundTo(logger.client_id)).toEqual([]);
    // Other loggers are not held up by this one's guesses.
    expect((await bind(owner.token, await proof(await newLogger()))).statusCode).toBe(200);
  });

  it(`allows ${BINDING_FAILURES_PER_WINDOW} wrong codes per account, whichever loggers; then even a right one is 429`, async () => {
    const guesser = await signedIn(ctx.app);
    const loggers = await Promise.all([newLogger(), newLogger()]);
    for (let i = 0; i < BINDING_FAILURES_PER_WINDOW; i++) {
      const target = loggers[i % 2]!;
      const res = await bind(guesser.token, { client_id: target.client_id, code: 'ABCD2345' });
      expect(res.statusCode).toBe(400);
    }
    const fresh = await newLogger();
    expectLimited(await bind(guesser.token, await proof(fresh)));
    expect((await me(guesser.token)).json().client_id).toBeNull();
    // Another account binds the same logger with the same kind of proof.
    const other = await signedIn(ctx.app);
    expect((await bind(other.token, await proof(fresh))).statusCode).toBe(200);
  });

  it('counts only failures: right codes take their attempt back', async () => {
    const user = await signedIn(ctx.app);
    const logger = await newLogger();
    for (let i = 0; i < BINDING_FAILURES_PER_WINDOW - 1; i++)
      expect((await bind(user.token, { client_id: logger.client_id, code: 'ABCD2345' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await bind(user.token, await proof(logger))).statusCode).toBe(200);
  });
});

describe('POST /api/auth/register with client_id and code', () => {
  const registerWith = (email: string, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: PASSWORD, ...body } });

  it('answers 404 CLIENT_NOT_FOUND for an unknown logger and creates no account', async () => {
    const email = uniqueEmail('orphan');
    const res = await registerWith(email, { client_id: 'bird_ZZZZZZZZZZZZZZZZZZZZZZ', code: 'ABCD2345' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect(await accountExists(email)).toBe(false);
    const login = await loginRequest(ctx.app, email, PASSWORD);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
  });

  it('refuses a client_id without code (422) or with a wrong code (400), and creates no account', async () => {
    const logger = await newLogger();
    const code = await codeOf(logger);
    const missing = uniqueEmail('nocode');
    const res = await registerWith(missing, { client_id: logger.client_id });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      expect.objectContaining({ type: 'missing', loc: ['body', 'code'], msg: 'Field required' }),
    ]);
    expect(await accountExists(missing)).toBe(false);

    const wrong = uniqueEmail('wrongcode');
    const refused = await registerWith(wrong, { client_id: logger.client_id, code: wrongCode(code) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(BAD_CODE);
    expect(await accountExists(wrong)).toBe(false);
    expect(await boundTo(logger.client_id)).toEqual([]);
  });

  it('answers 409 CLIENT_ALREADY_BOUND for a logger bound to someone else, and creates no account', async () => {
    const owner = await signedIn(ctx.app);
    const logger = await newLogger();
    expect((await bind(owner.token, await proof(logger))).statusCode).toBe(200);
    const email = uniqueEmail('late');
    const res = await registerWith(email, await proof(logger));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(ALREADY_BOUND);
    expect(await accountExists(email)).toBe(false);
    expect(await boundTo(logger.client_id)).toEqual([owner.user.id]);
  });

  it('binds a free logger with its code: 201 with client_id set; the code is then used up', async () => {
    const logger = await newLogger();
    const payload = await proof(logger);
    const email = uniqueEmail('fresh');
    const res = await registerWith(email, payload);
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(USER_READ_KEYS);
    expect(res.json()).toMatchObject({ email, client_id: logger.client_id, is_active: true, is_superuser: false });
    expect(await boundTo(logger.client_id)).toEqual([res.json().id]);
    const replay = await registerWith(uniqueEmail('replay'), payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(BAD_CODE);
  });
});
