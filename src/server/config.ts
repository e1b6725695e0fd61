/**
 * Every environment variable of the server, parsed once (DESIGN §2 "Configuration"). Nothing else reads
 * process.env: code receives the parsed `Config`, which also makes tests build apps with any settings they need.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intFrom(3000, 0).pipe(z.number().max(65535)),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z.string().default('anglerdex:'),
  PUBLIC_BASE_URL: optionalUrl,
  JWT_SECRET: z.string().optional(),
  ACCESS_TOKEN_LIFETIME: intFrom(3600, 60),
  AUTH_IP_PER_MINUTE: intFrom(20, 1),
  AUTH_ACCOUNT_PER_15MIN: intFrom(10, 1),
  AUTH_MAIL_PER_HOUR: intFrom(5, 1),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
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
  AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_FREE_PER_MINUTE: intFrom(3, 0),
  CLIENT_DIR: z.string().default('dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so deployments (or test apps) can share one Redis. */
  redisPrefix: string;
  publicBaseUrl: string;
  jwtSecret: string;
  accessTokenLifetime: number;
  authIpPerMinute: number;
  authAccountPer15Min: number;
  /** Reset and verification e-mails one address may be sent per hour, whoever asks (more answer 202, send nothing). */
  authMailPerHour: number;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: 'auto' | 'on' | 'off';
  demoCatches: number;
  forumUrl: string;
  partnerUrl: string;
  payment: {
    provider: 'local' | 'stripe';
    localInProduction: boolean;
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    stripePriceOnce?: string;
    stripePriceSubscription?: string;
  };
  ai: { provider: 'builtin' | 'openai'; baseUrl: string; apiKey?: string; model: string; freePerMinute: number };
  logLevel: string;
  /** Where the built front end lives (dist/client); absent in development and API-only tests. */
  clientDir: string;
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
    database: parseDatabaseUrl(e.DATABASE_URL, dataDir),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, e.NODE_ENV, dataDir),
    accessTokenLifetime: e.ACCESS_TOKEN_LIFETIME,
    authIpPerMinute: e.AUTH_IP_PER_MINUTE,
    authAccountPer15Min: e.AUTH_ACCOUNT_PER_15MIN,
    authMailPerHour: e.AUTH_MAIL_PER_HOUR,
    trustProxy: e.TRUST_PROXY === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoData: e.DEMO_DATA,
    demoCatches: e.DEMO_CATCHES,
    forumUrl: e.FORUM_URL,
    partnerUrl: e.PARTNER_URL,
    payment: {
      provider: e.PAYMENT_PROVIDER,
      localInProduction: e.PAYMENT_LOCAL_IN_PRODUCTION === 'true',
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripePriceOnce: e.STRIPE_PRICE_ONCE,
      stripePriceSubscription: e.STRIPE_PRICE_SUBSCRIPTION,
    },
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.AI_MODEL,
      freePerMinute: e.AI_FREE_PER_MINUTE,
    },
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(e.CLIENT_DIR),
  };
}
