/**
 * Every environment variable of the server, parsed once (docs/design.md §2 "Configuration"). Nothing else reads
 * process.env: code receives the parsed `Config`, which also makes tests build apps with any settings they need.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';
import { DEFAULT_SHARE_MIN_SAMPLE } from '#shared/share-interval';
import { DEFAULT_CHECKOUT_EXPIRY_MINUTES } from '#shared/vip-rules';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** TRUST_PROXY as read: no proxy, a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's `trustProxy` for it. A list goes as it is. A hop count becomes a function trusting that many hops from
 * the socket: Fastify 5.12 treats a plain number as "trust nobody" (it cannot check who connects), which behind a
 * proxy would give every client the proxy's address. A hop count therefore assumes the server is reachable only
 * through its proxies (HOST=127.0.0.1 or a private network; decision 0010); where it is not, list the proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address, hop) => hop < trust;
}

// proxy-addr's names for the private ranges, which Fastify accepts in the list as well.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || isIP(entry)) return true;
  const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (!match) return false;
  const family = isIP(match[1]!);
  return family !== 0 && Number(match[2]) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset (or `false`, `0`) trusts no proxy; a number is how many proxies stand in front, so the client is
 * that many hops from the right of X-Forwarded-For; a list names the proxies. `true` is refused: Fastify would then
 * take the leftmost X-Forwarded-For entry, which the client writes itself.
 */
const TrustProxyVar = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim().toLowerCase() ?? '';
    if (['', 'false', 'no', 'off', '0'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (['true', 'yes', 'on'].includes(value)) {
      ctx.issues.push({
        code: 'custom',
        input: raw,
        message:
          `"${raw}" would trust every X-Forwarded-For entry, so any client could choose its own address. Write the ` +
          'number of proxies in front of the server (TRUST_PROXY=1 behind one reverse proxy) or their addresses or ' +
          'CIDR ranges (TRUST_PROXY=10.0.0.5,172.16.0.0/12)',
      });
      return z.NEVER;
    }
    const entries = (raw ?? '').split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message:
        `not a proxy count or address list (${bad.map((entry) => `"${entry}"`).join(', ')}): write a number of ` +
        'proxies (TRUST_PROXY=1) or comma-separated addresses or CIDR ranges (TRUST_PROXY=10.0.0.5,172.16.0.0/12)',
    });
    return z.NEVER;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intFrom(3000, 0).pipe(z.number().max(65535)),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  // A streaming replica of DATABASE_URL's PostgreSQL for the public reads (decision 0030).
  DATABASE_REPLICA_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z.string().default('anglerdex:'),
  PUBLIC_BASE_URL: optionalUrl,
  JWT_SECRET: z.string().optional(),
  ACCESS_TOKEN_LIFETIME: intFrom(3600, 60),
  AUTH_IP_PER_MINUTE: intFrom(20, 1),
  AUTH_ACCOUNT_PER_15MIN: intFrom(10, 1),
  AUTH_ACCOUNT_CEILING_PER_15MIN: intFrom(100, 1),
  AUTH_MAIL_PER_HOUR: intFrom(5, 1),
  AVATAR_UPLOADS_PER_MINUTE: intFrom(10, 1),
  CATALOGUE_UPLOAD_MAX_BYTES: intFrom(100 * 1024 * 1024, 1),
  CATALOGUE_ADMIN_PER_MINUTE: intFrom(30, 1),
  // Game reality per logger (issue 24, decision 0039): catches of one logger in any UTC minute and hour of
  // `caught_at`; more are refused per item and the logger is flagged. 0 turns a limit off.
  CATCH_RATE_PER_MINUTE: intFrom(6, 0),
  CATCH_RATE_PER_HOUR: intFrom(200, 0),
  // A new logger's catches are in probation (not counted by default views) for this long after its first one; 0: none.
  LOGGER_PROBATION_HOURS: intFrom(24, 0),
  // Logger registrations per client address a day, and new loggers bound to one account a day.
  LOGGER_REGISTRATIONS_PER_IP_PER_DAY: intFrom(10, 1),
  LOGGER_BINDS_PER_ACCOUNT_PER_DAY: intFrom(3, 1),
  ADMIN_PER_MINUTE: intFrom(120, 1),
  TRUST_PROXY: TrustProxyVar,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Anglerdex <no-reply@anglerdex.local>'),
  DEMO_DATA: z.enum(['auto', 'on', 'off']).default('auto'),
  DEMO_CATCHES: intFrom(300_000, 0),
  FORUM_URL: z.string().url().default('https://forum.example.com/anglerdex'),
  PARTNER_URL: z.string().url().default('https://partner.example.com/redeem'),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  PAYMENT_LOCAL_IN_PRODUCTION: z.enum(['true', 'false']).default('false'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ONCE: z.string().optional(),
  STRIPE_PRICE_SUBSCRIPTION: z.string().optional(),
  // A fake Stripe for tests and local development (`http://127.0.0.1:12111`); unset: Stripe's own API.
  STRIPE_API_URL: optionalUrl,
  LOCAL_PAYMENT_SECRET: z.string().optional(),
  // How long an unpaid order's checkout stays open (decision 0032). At most a day: Stripe keeps a Checkout Session
  // open 24 hours at most; at least 5 minutes, time enough to type a card number.
  CHECKOUT_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(1440).default(DEFAULT_CHECKOUT_EXPIRY_MINUTES),
  AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_FREE_PER_MINUTE: intFrom(3, 0),
  AI_CONCURRENCY: intFrom(4, 1),
  AI_TIMEOUT_MS: intFrom(10_000, 1),
  CLIENT_DIR: z.string().default('dist/client'),
  // The server render of public pages (issue 23, decision 0038): its bundle's folder, and `false` to serve the shell.
  SSR_DIR: z.string().default('dist/ssr'),
  // Not `SSR`: Vite and Vitest set that name in the environment of everything they start.
  SSR_ENABLED: z.enum(['true', 'false']).default('true'),
  // How long a rendered public page is sent again before it is rendered anew, ms; 0 renders every request.
  SSR_CACHE_MS: intFrom(5_000, 0),
  // How long after that it is still sent while a new render replaces it in the background, ms; 0: not at all.
  SSR_STALE_MS: intFrom(60_000, 0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The page cache of each SQLite connection, MiB (decision 0024 says how to size it for a table's growth).
  SQLITE_CACHE_MIB: intFrom(64, 2),
  // PostgreSQL: a statement text runs as a prepared statement from its Nth call in a process; 0 never (behind a
  // connection pooler that cannot keep them, decision 0042).
  PG_PREPARE_AFTER: intFrom(5, 0),
  // How often each server looks for a new catalogue version, ms (decision 0025).
  CATALOGUE_WATCH_MS: intFrom(2_000, 50),
  // How long a heat map or bait guide answer is served again without asking whether new catches changed it, ms:
  // under uploads a view costs one check or count per this, not one per visitor (decision 0033); 0 checks every time.
  KEPT_ANSWER_FRESH_MS: intFrom(1_000, 0),
  // Shares resting on fewer catches are shown dimmed, and the AI chat calls them a thin sample (decision 0034).
  SHARE_MIN_SAMPLE: intFrom(DEFAULT_SHARE_MIN_SAMPLE, 1),
  // How often the alert job looks for what to tell VIP members about the fish they follow, ms (decision 0036): each
  // run costs a few small reads per followed fish; one instance runs it at a time.
  ALERTS_INTERVAL_MS: intFrom(60_000, 5_000),
  // Prometheus metrics (decision 0027): their own port (loopback unless METRICS_HOST says otherwise), and/or the
  // site's port to a bearer token. Neither: no metrics are served.
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((token) => Buffer.byteLength(token) >= 32, 'must be at least 32 bytes (openssl rand -hex 32)')
      .optional(),
  ),
  // Overload (decision 0027): above these the server answers 503 SERVER_OVERLOADED with Retry-After; 0 turns a
  // check off. The heap's default is 90% of the V8 heap limit of this process.
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: intFrom(1_000, 0),
  OVERLOAD_MAX_HEAP_MIB: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  OVERLOAD_RETRY_AFTER: intFrom(5, 1),
});

/** `cacheMib`: SQLite's page cache per connection (`SQLITE_CACHE_MIB`); absent: the connections' default, 64 MiB. */
/** `replicaUrl`: DATABASE_REPLICA_URL, the streaming replica the public reads go to (decision 0030). */
/** `prepareAfter`: PG_PREPARE_AFTER, the calls after which a statement runs prepared (0: never; decision 0042). */
export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string; cacheMib?: number }
  | { dialect: 'postgres'; url: string; replicaUrl?: string; prepareAfter?: number };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so deployments (or test apps) can share one Redis. */
  redisPrefix: string;
  /** How often the catalogue's version is polled, ms (features/catalogue/catalogue-watcher.ts). */
  catalogueWatchMs: number;
  /** How long a kept heat map or bait guide answer is served unchecked, ms (catch-store/catch-changes.ts). */
  keptAnswerFreshMs: number;
  /** Rows resting on fewer catches are dimmed on the pages and called thin by the AI chat (decision 0034). */
  shareMinSample: number;
  /** How often the alert job runs, ms (features/alerts/alert-job.ts, decision 0036). */
  alertsIntervalMs: number;
  publicBaseUrl: string;
  jwtSecret: string;
  accessTokenLifetime: number;
  authIpPerMinute: number;
  /** Failed logins one client address may make on one account per 15 minutes (more: 429 for that address only). */
  authAccountPer15Min: number;
  /** Failed logins on one account from all addresses per 15 minutes before answers slow down (never refused). */
  authAccountCeilingPer15Min: number;
  /** Avatar uploads one user may make per minute. */
  avatarUploadsPerMinute: number;
  /**
   * The superuser's catalogue page (`/api/admin/catalogue`): the largest package archive it accepts (bytes; larger
   * ones go through `npm run catalogue:import` on the server) and its requests per user a minute.
   */
  catalogueAdmin: { uploadMaxBytes: number; perMinute: number };
  /**
   * The defences in the data path (decision 0039): each logger's catches per UTC minute and hour of `caught_at`
   * (0: no limit) and a new logger's probation (ms from its first stored catch; 0: none).
   */
  catchTrust: { perMinute: number; perHour: number; probationMs: number };
  /** Logger registrations per client address a day; new loggers bound to one account a day. */
  loggerLimits: { registrationsPerIpPerDay: number; bindsPerAccountPerDay: number };
  /** The moderation console's requests (`/api/admin/*` but the catalogue's) per operator a minute. */
  adminPerMinute: number;
  /** Reset and verification e-mails one address may be sent per hour, whoever asks (more answer 202, send nothing). */
  authMailPerHour: number;
  /** Fastify's `trustProxy`: which peers' X-Forwarded-For is believed. */
  trustProxy: TrustProxy;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: 'auto' | 'on' | 'off';
  demoCatches: number;
  forumUrl: string;
  partnerUrl: string;
  payment: {
    provider: 'local' | 'stripe';
    localInProduction: boolean;
    /** HMAC key of the local provider's signed webhooks (provider `local` only). */
    localSecret?: string;
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    stripePriceOnce?: string;
    stripePriceSubscription?: string;
    /** Where the Stripe client sends its API calls instead of Stripe (a fake Stripe in tests). */
    stripeApiUrl?: string;
    /** How long an unpaid order can be paid, from its creation (ms; decision 0032). */
    checkoutExpiryMs: number;
  };
  ai: {
    provider: 'builtin' | 'openai';
    baseUrl: string;
    apiKey?: string;
    model: string;
    /** Questions a visitor (per IP) or non-VIP user may ask a minute. */
    freePerMinute: number;
    /** Language-model calls at once; more wait, VIP questions first. */
    concurrency: number;
    /** How long a question may wait for and use the model before the built-in answer is sent instead. */
    timeoutMs: number;
  };
  logLevel: string;
  /** Where the built front end lives (dist/client); absent in development and API-only tests. */
  clientDir: string;
  /** Where the server render's bundle lives (dist/ssr), or null when SSR_ENABLED=false: every page is the shell. */
  ssrDir: string | null;
  /** How long a rendered page is served again (decision 0038); 0: every request renders. */
  ssrCacheMs: number;
  /** How long after that a kept page is still served while it renders anew in the background (decision 0038). */
  ssrStaleMs: number;
  /** Where `/metrics` is served (decision 0027): both unset, nowhere. */
  metrics: {
    /** Its own listener on `host:port`, nothing else served there. */
    port?: number;
    host: string;
    /** On the site's port to `Authorization: Bearer <token>` only. */
    token?: string;
  };
  /** When requests are answered 503 SERVER_OVERLOADED (plugins/overload.ts); a 0 threshold is not checked. */
  overload: {
    /** The mean event-loop delay over a second, ms. */
    maxEventLoopDelayMs: number;
    maxHeapUsedBytes: number;
    /** Seconds, the 503's `Retry-After`. */
    retryAfterSeconds: number;
  };
}

const MIB = 1024 * 1024;

/** The heap threshold by default: 90% of what V8 lets this process's heap grow to (`--max-old-space-size`). */
function defaultMaxHeapBytes(): number {
  return Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9);
}

function withDatabaseTuning(target: DatabaseTarget, cacheMib: number, prepareAfter: number): DatabaseTarget {
  return target.dialect === 'sqlite' ? { ...target, cacheMib } : { ...target, prepareAfter };
}

/** A replica is PostgreSQL's streaming replica of a PostgreSQL DATABASE_URL; anything else is refused at start-up. */
function withReplica(target: DatabaseTarget, replicaUrl: string | undefined): DatabaseTarget {
  if (!replicaUrl) return target;
  if (target.dialect !== 'postgres')
    throw new Error('DATABASE_REPLICA_URL is a PostgreSQL streaming replica: it needs a postgres:// DATABASE_URL');
  if (!/^postgres(ql)?:\/\//.test(replicaUrl))
    throw new Error(`DATABASE_REPLICA_URL must start with postgres:// (got "${replicaUrl}")`);
  return { ...target, replicaUrl };
}

export function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { dialect: 'sqlite', file: path.join(dataDir, 'anglerdex.db') };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { dialect: 'postgres', url };
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', file: url.slice('sqlite:'.length) };
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url}")`);
}

/** JWT secret: required in production; elsewhere generated once into DATA_DIR so tokens survive restarts. */
function resolveJwtSecret(given: string | undefined, env: Config['env'], dataDir: string): string {
  if (given) {
    if (Buffer.byteLength(given) < 32) throw new Error('JWT_SECRET must be at least 32 bytes');
    return given;
  }
  if (env === 'production') throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The local provider's webhook secret, like the JWT secret: given (at least 32 bytes), or in production required,
 * elsewhere generated once into DATA_DIR so the server, `npm run vip:renew-due` and restarts all sign alike.
 */
function resolveLocalPaymentSecret(given: string | undefined, env: Config['env'], dataDir: string): string {
  if (given) {
    if (Buffer.byteLength(given) < 32) throw new Error('LOCAL_PAYMENT_SECRET must be at least 32 bytes');
    return given;
  }
  if (env === 'production')
    throw new Error('LOCAL_PAYMENT_SECRET is required when NODE_ENV=production and PAYMENT_PROVIDER=local');
  const file = path.join(dataDir, 'local-payment-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

type EnvVars = z.infer<typeof EnvSchema>;

/**
 * The payment settings, refused at start-up when they cannot work: the local provider simulates payments, so a
 * production server runs it only when told to (a demo site); Stripe needs its keys and both prices.
 */
function paymentConfig(e: EnvVars, dataDir: string): Config['payment'] {
  const common = {
    provider: e.PAYMENT_PROVIDER,
    localInProduction: e.PAYMENT_LOCAL_IN_PRODUCTION === 'true',
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripePriceOnce: e.STRIPE_PRICE_ONCE,
    stripePriceSubscription: e.STRIPE_PRICE_SUBSCRIPTION,
    stripeApiUrl: e.STRIPE_API_URL,
    checkoutExpiryMs: e.CHECKOUT_EXPIRY_MINUTES * 60_000,
  };
  if (e.PAYMENT_PROVIDER === 'stripe') {
    const missing = (
      ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ONCE', 'STRIPE_PRICE_SUBSCRIPTION'] as const
    ).filter((name) => !e[name]);
    if (missing.length > 0)
      throw new Error(`PAYMENT_PROVIDER=stripe needs ${missing.join(', ')} (from the Stripe dashboard)`);
    return common;
  }
  if (e.NODE_ENV === 'production' && !common.localInProduction)
    throw new Error(
      'PAYMENT_PROVIDER=local simulates payments (anyone can "pay" on its test checkout) and refuses to run when ' +
        'NODE_ENV=production: set PAYMENT_PROVIDER=stripe with its keys, or PAYMENT_LOCAL_IN_PRODUCTION=true for a ' +
        'demo site',
    );
  return { ...common, localSecret: resolveLocalPaymentSecret(e.LOCAL_PAYMENT_SECRET, e.NODE_ENV, dataDir) };
}

/** The metrics settings; a metrics port that is the site's own is refused (the site would not start, or they'd mix). */
function metricsConfig(e: EnvVars): Config['metrics'] {
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    throw new Error(
      `METRICS_PORT=${e.METRICS_PORT} is the site's PORT: give the metrics a port of their own, or use METRICS_TOKEN ` +
        "to serve them on the site's port",
    );
  return {
    host: e.METRICS_HOST,
    ...(e.METRICS_PORT !== undefined && { port: e.METRICS_PORT }),
    ...(e.METRICS_TOKEN !== undefined && { token: e.METRICS_TOKEN }),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: withReplica(
      withDatabaseTuning(parseDatabaseUrl(e.DATABASE_URL, dataDir), e.SQLITE_CACHE_MIB, e.PG_PREPARE_AFTER),
      e.DATABASE_REPLICA_URL,
    ),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    catalogueWatchMs: e.CATALOGUE_WATCH_MS,
    keptAnswerFreshMs: e.KEPT_ANSWER_FRESH_MS,
    shareMinSample: e.SHARE_MIN_SAMPLE,
    alertsIntervalMs: e.ALERTS_INTERVAL_MS,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, e.NODE_ENV, dataDir),
    accessTokenLifetime: e.ACCESS_TOKEN_LIFETIME,
    authIpPerMinute: e.AUTH_IP_PER_MINUTE,
    authAccountPer15Min: e.AUTH_ACCOUNT_PER_15MIN,
    authAccountCeilingPer15Min: e.AUTH_ACCOUNT_CEILING_PER_15MIN,
    avatarUploadsPerMinute: e.AVATAR_UPLOADS_PER_MINUTE,
    authMailPerHour: e.AUTH_MAIL_PER_HOUR,
    catalogueAdmin: { uploadMaxBytes: e.CATALOGUE_UPLOAD_MAX_BYTES, perMinute: e.CATALOGUE_ADMIN_PER_MINUTE },
    catchTrust: {
      perMinute: e.CATCH_RATE_PER_MINUTE,
      perHour: e.CATCH_RATE_PER_HOUR,
      probationMs: e.LOGGER_PROBATION_HOURS * 3_600_000,
    },
    loggerLimits: {
      registrationsPerIpPerDay: e.LOGGER_REGISTRATIONS_PER_IP_PER_DAY,
      bindsPerAccountPerDay: e.LOGGER_BINDS_PER_ACCOUNT_PER_DAY,
    },
    adminPerMinute: e.ADMIN_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoData: e.DEMO_DATA,
    demoCatches: e.DEMO_CATCHES,
    forumUrl: e.FORUM_URL,
    partnerUrl: e.PARTNER_URL,
    payment: paymentConfig(e, dataDir),
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.AI_MODEL,
      freePerMinute: e.AI_FREE_PER_MINUTE,
      concurrency: e.AI_CONCURRENCY,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(e.CLIENT_DIR),
    ssrDir: e.SSR_ENABLED === 'true' ? path.resolve(e.SSR_DIR) : null,
    ssrCacheMs: e.SSR_CACHE_MS,
    ssrStaleMs: e.SSR_STALE_MS,
    metrics: metricsConfig(e),
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: e.OVERLOAD_MAX_HEAP_MIB === undefined ? defaultMaxHeapBytes() : e.OVERLOAD_MAX_HEAP_MIB * MIB,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER,
    },
  };
}
