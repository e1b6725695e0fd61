import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fastifyTrustProxy, loadConfig } from './config';
import { openDatabase } from './db/database';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'anglerdex-config-'));

describe('loadConfig', () => {
  it('gives the embedded defaults: SQLite in DATA_DIR, port 3000, demo data auto', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(dir, 'anglerdex.db'), cacheMib: 64 });
    expect([config.port, config.host, config.demoData, config.publicBaseUrl]).toEqual([
      3000,
      '127.0.0.1',
      'auto',
      'http://localhost:3000',
    ]);
    expect(config.redisUrl).toBeUndefined();
  });

  it('sizes the SQLite page cache from SQLITE_CACHE_MIB and refuses a nonsense size', async () => {
    const config = loadConfig({ DATA_DIR: tmp(), SQLITE_CACHE_MIB: '512' });
    expect(config.database).toMatchObject({ dialect: 'sqlite', cacheMib: 512 });
    expect(() => loadConfig({ DATA_DIR: tmp(), SQLITE_CACHE_MIB: '0' })).toThrow(/SQLITE_CACHE_MIB/);
    // Every connection of the server gets it: the writer, the reader and (db.sqliteWriter) the commit thread.
    const db = await openDatabase(config.database);
    try {
      const pages = (kysely: typeof db.kysely) =>
        sql<{ cache_size: number }>`pragma cache_size`.execute(kysely).then((r) => r.rows[0]!.cache_size);
      expect(await pages(db.kysely)).toBe(-512 * 1024);
      expect(await pages(db.reads)).toBe(-512 * 1024);
      expect(db.sqliteWriter?.cacheMib).toBe(512);
    } finally {
      await db.close();
    }
  });

  it('selects PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@db:5432/x' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/x', prepareAfter: 5 });
    // Prepared statements off, for a pooler that cannot keep them (decision 0042).
    const unprepared = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@db:5432/x', PG_PREPARE_AFTER: '0' });
    expect(unprepared.database).toMatchObject({ prepareAfter: 0 });
  });

  it('takes DATABASE_REPLICA_URL with a PostgreSQL DATABASE_URL only', () => {
    const replica = 'postgres://u@replica:5432/x';
    const config = loadConfig({
      DATA_DIR: tmp(),
      DATABASE_URL: 'postgres://u@db:5432/x',
      DATABASE_REPLICA_URL: replica,
    });
    expect(config.database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/x',
      replicaUrl: replica,
      prepareAfter: 5,
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_REPLICA_URL: replica })).toThrow(
      /DATABASE_REPLICA_URL.*postgres/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@db:5432/x', DATABASE_REPLICA_URL: 'mysql://r/x' }),
    ).toThrow(/DATABASE_REPLICA_URL must start with postgres/);
    // Empty is unset, as for the other URLs.
    expect(
      loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@db:5432/x', DATABASE_REPLICA_URL: '' }).database,
    ).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/x', prepareAfter: 5 });
  });

  it('generates the JWT secret once and keeps it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('refuses to run in production without a strong JWT secret', () => {
    const dir = tmp();
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/32 bytes/);
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, and trusts none by default', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: tmp(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('hands Fastify a hop count as a function trusting that many hops, a list as it is', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const twoHops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });

  it('refuses TRUST_PROXY=true at start-up, saying what to write instead', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .*any client could choose its own address.*TRUST_PROXY=1.*CIDR/,
      );
    }
    for (const value of ['10.0.0.300', '10.0.0.0/33', 'proxy.example', '1,2', '10.0.0.1,']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: not a proxy count or address list/,
      );
    }
  });

  it('reads the login ceiling and the avatar upload limit, with their defaults', () => {
    const defaults = loadConfig({ DATA_DIR: tmp() });
    expect([
      defaults.authAccountPer15Min,
      defaults.authAccountCeilingPer15Min,
      defaults.avatarUploadsPerMinute,
    ]).toEqual([10, 100, 10]);
    const set = loadConfig({ DATA_DIR: tmp(), AUTH_ACCOUNT_CEILING_PER_15MIN: '50', AVATAR_UPLOADS_PER_MINUTE: '3' });
    expect([set.authAccountCeilingPer15Min, set.avatarUploadsPerMinute]).toEqual([50, 3]);
    expect(() => loadConfig({ DATA_DIR: tmp(), AUTH_ACCOUNT_CEILING_PER_15MIN: '0' })).toThrow(
      /AUTH_ACCOUNT_CEILING_PER_15MIN/,
    );
  });

  it('keeps an unpaid checkout open 30 minutes by default, CHECKOUT_EXPIRY_MINUTES from 5 to 1440 (decision 0032)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).payment.checkoutExpiryMs).toBe(30 * 60_000);
    expect(loadConfig({ DATA_DIR: tmp(), CHECKOUT_EXPIRY_MINUTES: '5' }).payment.checkoutExpiryMs).toBe(5 * 60_000);
    expect(loadConfig({ DATA_DIR: tmp(), CHECKOUT_EXPIRY_MINUTES: '1440' }).payment.checkoutExpiryMs).toBe(86_400_000);
    for (const bad of ['4', '1441', '0', 'soon', '2.5'])
      expect(() => loadConfig({ DATA_DIR: tmp(), CHECKOUT_EXPIRY_MINUTES: bad }), bad).toThrow(
        /CHECKOUT_EXPIRY_MINUTES/,
      );
  });

  it('dims shares resting on fewer than 30 catches by default, SHARE_MIN_SAMPLE a whole number from 1 (decision 0034)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).shareMinSample).toBe(30);
    expect(loadConfig({ DATA_DIR: tmp(), SHARE_MIN_SAMPLE: '100' }).shareMinSample).toBe(100);
    for (const bad of ['0', '-5', 'many', '2.5'])
      expect(() => loadConfig({ DATA_DIR: tmp(), SHARE_MIN_SAMPLE: bad }), bad).toThrow(/SHARE_MIN_SAMPLE/);
  });

  it('generates the local payment secret once into DATA_DIR and keeps it, or takes a given one', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).payment.localSecret!;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'local-payment-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).payment.localSecret).toBe(first);
    const given = 'x'.repeat(32);
    expect(loadConfig({ DATA_DIR: tmp(), LOCAL_PAYMENT_SECRET: given }).payment.localSecret).toBe(given);
    expect(() => loadConfig({ DATA_DIR: tmp(), LOCAL_PAYMENT_SECRET: 'short' })).toThrow(/LOCAL_PAYMENT_SECRET.*32/);
  });

  it('refuses the local payment provider in production unless PAYMENT_LOCAL_IN_PRODUCTION=true', () => {
    const dir = tmp();
    const production = { DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(48) };
    expect(() => loadConfig(production)).toThrow(
      /PAYMENT_PROVIDER=local .*refuses to run when NODE_ENV=production.*PAYMENT_LOCAL_IN_PRODUCTION=true/,
    );
    expect(() => loadConfig({ ...production, PAYMENT_LOCAL_IN_PRODUCTION: 'false' })).toThrow(/PAYMENT_PROVIDER=local/);
    // Allowed (a demo site), it needs its secret like JWT_SECRET: nothing is generated in production.
    expect(() => loadConfig({ ...production, PAYMENT_LOCAL_IN_PRODUCTION: 'true' })).toThrow(
      /LOCAL_PAYMENT_SECRET is required/,
    );
    expect(existsSync(path.join(dir, 'local-payment-secret'))).toBe(false);
    const demo = loadConfig({
      ...production,
      PAYMENT_LOCAL_IN_PRODUCTION: 'true',
      LOCAL_PAYMENT_SECRET: 's'.repeat(32),
    });
    expect(demo.payment).toMatchObject({ provider: 'local', localInProduction: true, localSecret: 's'.repeat(32) });
  });

  it('needs the Stripe keys and prices with PAYMENT_PROVIDER=stripe, and reads STRIPE_API_URL', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ONCE, STRIPE_PRICE_SUBSCRIPTION',
    );
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ONCE: 'price_once',
      STRIPE_PRICE_SUBSCRIPTION: 'price_sub',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    };
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(48), ...stripe });
    expect(config.payment).toEqual({
      provider: 'stripe',
      localInProduction: false,
      stripeSecretKey: 'sk_test_1',
      stripeWebhookSecret: 'whsec_1',
      stripePriceOnce: 'price_once',
      stripePriceSubscription: 'price_sub',
      stripeApiUrl: 'http://127.0.0.1:12111',
      checkoutExpiryMs: 30 * 60_000,
    });
    // No local secret is made for a provider that does not use it.
    expect(existsSync(path.join(dir, 'local-payment-secret'))).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp() }).payment.stripeApiUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tmp(), STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });

  it('serves no metrics by default; reads METRICS_PORT, METRICS_HOST and METRICS_TOKEN, refusing weak or clashing ones', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).metrics).toEqual({ host: '127.0.0.1' });
    const token = 'a'.repeat(32);
    expect(
      loadConfig({ DATA_DIR: tmp(), METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0', token });
    // Empty values, as an .env file copied with the lines left blank writes them, mean unset.
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_PORT: '', METRICS_TOKEN: '' }).metrics).toEqual({ host: '127.0.0.1' });
    expect(() => loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN[\s\S]*32 bytes/);
    expect(() => loadConfig({ DATA_DIR: tmp(), METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: '8080', METRICS_PORT: '8080' })).toThrow(/port of their own/);
  });

  it('reads the overload thresholds, with their defaults; 0 turns a check off', () => {
    const defaults = loadConfig({ DATA_DIR: tmp() }).overload;
    expect(defaults).toMatchObject({ maxEventLoopDelayMs: 1000, retryAfterSeconds: 5 });
    // 90% of V8's heap limit: some hundreds of MiB at least, whatever the machine.
    expect(defaults.maxHeapUsedBytes).toBeGreaterThan(256 * 1024 * 1024);
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_MAX_HEAP_MIB: '512',
        OVERLOAD_RETRY_AFTER: '2',
      }).overload,
    ).toEqual({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 512 * 1024 * 1024, retryAfterSeconds: 2 });
    expect(() => loadConfig({ DATA_DIR: tmp(), OVERLOAD_RETRY_AFTER: '0' })).toThrow(/OVERLOAD_RETRY_AFTER/);
  });

  it('names each invalid variable', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', DEMO_DATA: 'maybe' })).toThrow(/PORT[\s\S]*DEMO_DATA/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
