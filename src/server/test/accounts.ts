/** Account steps many server tests need: register through the API, log in, and call with the token. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { UserRead } from '#shared/contracts/auth';
import type { Database } from '../db/schema';

export const PASSWORD = 'trout-season-1';

/** UserRead's keys in the order the contract fixes (FastAPI Users' five, then ours): written out, not derived. */
export const USER_READ_KEYS = [
  'id',
  'email',
  'is_active',
  'is_superuser',
  'is_verified',
  'nickname',
  'avatar',
  'bio',
  'client_id',
  'vip_expire_at',
  'is_vip',
];

let counter = 0;
/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(label = 'angler'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@example.com`;
}

export async function register(
  app: FastifyInstance,
  body: { email?: string; password?: string; nickname?: string; client_id?: string } = {},
): Promise<UserRead> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: uniqueEmail(), password: PASSWORD, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function loginRequest(app: FastifyInstance, username: string, password: string, headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ username, password }).toString(),
  });
}

export async function login(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const res = await loginRequest(app, username, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

/** Registers a fresh user and logs in: the user and a bearer token. */
export async function signedIn(
  app: FastifyInstance,
  body: Parameters<typeof register>[1] = {},
): Promise<{ user: UserRead; token: string }> {
  const user = await register(app, body);
  return { user, token: await login(app, user.email, body.password ?? PASSWORD) };
}

/** A fresh user who is a VIP member for the next 30 days (set in the database, as a paid order would): a token. */
export async function signedInVip(ctx: { app: FastifyInstance; db: { kysely: Kysely<Database> } }): Promise<string> {
  const { user, token } = await signedIn(ctx.app);
  await ctx.db.kysely
    .updateTable('users')
    .set({ vip_expire_at: new Date(Date.now() + 30 * 86_400_000).toISOString() })
    .where('id', '=', user.id)
    .execute();
  return token;
}

/** `app.inject` with `Authorization: Bearer <token>`. */
export function asUser(app: FastifyInstance, token: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
}

/** Binds a logger to the user as a player does: with the one-time binding code the logger asked for. */
export async function bindLogger(
  ctx: {
    app: FastifyInstance;
    services: { loggerBinding: { issueCode(loggerId: string): Promise<{ code: string }> } };
  },
  token: string,
  loggerId: string,
) {
  const { code } = await ctx.services.loggerBinding.issueCode(loggerId);
  return asUser(ctx.app, token, {
    method: 'POST',
    url: '/api/c_report/user/bind_client_id',
    payload: { client_id: loggerId, code },
  });
}
