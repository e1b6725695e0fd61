/**
 * `npm run test:cluster` (CI, after the build; root, PostgreSQL and Redis on this machine): two built servers on one
 * PostgreSQL schema and one Redis key prefix behind Debian's nginx (TRUST_PROXY=1), checked through the proxy:
 * - the AI quota and the login limits are shared (one visitor's 50 questions, 15 bad passwords spread over both);
 * - a catch uploaded to one instance is counted by the heat map, bait guide and logs of the other within 2 s;
 * - one payment webhook delivered to both at once grants once;
 * - SIGKILL of an instance during 5,000 uploads: everything acknowledged is stored, once;
 * - a rolling restart (SIGTERM, start, then the other) under readers and loggers: no request fails, and each server
 *   drains first (a connection it kept alive is answered with `Connection: close`, then it exits cleanly).
 * Then a streaming replica of the primary (Debian's PostgreSQL 15, docs/operations.md "Read replica") and a third
 * server reading from it: a catch reaches its heat map within the replica's lag, and with the replica stopped the
 * reads answer from the primary without an error while `/ready` says the replica is down.
 * Everything is the script's own (schema, Redis prefix, folders, ports) and removed at the end, also on failure.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { VIP_PERIOD_DAYS } from '#shared/contracts/vip';
import { ROD_TYPES, WEATHER_KINDS } from '#shared/game/catch-attributes';
import { BuiltServer, inheritedEnv, requireBuild } from './lib/built-server';
import { ensureNginx, NginxProxy } from './lib/nginx-proxy';
import { allowReplication, PgReplica, pgQuery } from './lib/pg-replica';
import { describeRetries, runLoggerSimulator, type SimulatorStats } from '../src/server/demo/logger-simulator';
import { LOCAL_SIGNATURE_HEADER, signLocalEvent } from '../src/server/features/vip/local-provider';
import { unusedPort } from '../src/server/test/unused-port';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The server's defaults the checks count against (config.ts): AI_FREE_PER_MINUTE, AUTH_ACCOUNT_PER_15MIN. */
const AI_FREE_PER_MINUTE = 3;
const AUTH_ACCOUNT_PER_15MIN = 10;
const VISIBLE_WITHIN_MS = 2000;
/**
 * The replica's documented bound (docs/operations.md "Read replica"): a catch on its heat map within 1 s of lag, plus
 * the second a kept answer is served unchecked (KEPT_ANSWER_FRESH_MS's default, decision 0033).
 */
const REPLICA_VISIBLE_WITHIN_MS = 1000 + 1000;
const UPLOADS = 5000;
const PASSWORD = 'cluster-test-password-1';

requireBuild('cluster test');
ensureNginx();

const run = randomBytes(5).toString('hex');
const schema = `cluster_${run}`;
const redisPrefix = `cluster:${run}:`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-cluster-'));
const proxyDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-nginx-'));
const withSchema = (url: string, extra: Record<string, string> = {}) => {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  for (const [key, value] of Object.entries(extra)) u.searchParams.set(key, value);
  return u.toString();
};

const common = {
  ...inheritedEnv(),
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: withSchema(PG_URL),
  REDIS_URL,
  REDIS_PREFIX: redisPrefix,
  TRUST_PROXY: '1',
  DEMO_DATA: 'on',
  DEMO_CATCHES: '1000',
  LOG_LEVEL: 'warn',
  JWT_SECRET: `cluster-test-jwt-${run}-0123456789abcdef0123456789`,
  LOCAL_PAYMENT_SECRET: `cluster-test-payments-${run}-0123456789abcdef01234`,
  AI_FREE_PER_MINUTE: String(AI_FREE_PER_MINUTE),
  AUTH_ACCOUNT_PER_15MIN: String(AUTH_ACCOUNT_PER_15MIN),
  // The simulator's loggers fish at a human pace, so each batch is another logger's: hundreds of registrations from
  // this one address (decision 0039).
  AUTH_IP_PER_MINUTE: '100000',
  LOGGER_REGISTRATIONS_PER_IP_PER_DAY: '100000',
};
const instance = async (name: string, env: Record<string, string> = {}) => {
  const port = await unusedPort();
  return new BuiltServer(name, `http://127.0.0.1:${port}`, { ...common, PORT: String(port), ...env });
};

const results: { ok: boolean; line: string }[] = [];
function check(ok: boolean, line: string): void {
  results.push({ ok, line });
  console.log(`cluster test: ${ok ? 'ok  ' : 'FAIL'} ${line}`);
}

// ---- HTTP from a chosen client address (127.0.0.x), so the proxy's X-Forwarded-For names different visitors.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}
function request(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    from,
  }: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers, agent: false, ...(from ? { localAddress: from } : {}), timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}
const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce((m, item) => m.set(key(item), (m.get(key(item)) ?? 0) + 1), new Map<string, number>());
const show = (m: Map<string, number>) => [...m].map(([k, n]) => `${n}× ${k}`).join(', ');

// ---- The stored catches the simulator reported acknowledged.

async function verifyAcknowledged(ackFile: string, prefix: string, expected: number) {
  const acknowledged = readFileSync(ackFile, 'utf8').trim().split('\n').filter(Boolean);
  const client = new pg.Client({ connectionString: withSchema(PG_URL) });
  await client.connect();
  const { rows } = await client.query<{ client_id: string; report_id: string }>(
    'select client_id, report_id from "catch" where report_id like $1',
    [`${prefix}-%`],
  );
  await client.end();
  const stored = countBy(rows, (r) => `${r.client_id}\t${r.report_id}`);
  const ackSet = new Set(acknowledged);
  const missing = [...ackSet].filter((key) => !stored.has(key)).length;
  const unexpected = [...stored.keys()].filter((key) => !ackSet.has(key)).length;
  const twice = [...stored.values()].filter((n) => n > 1).length + (acknowledged.length - ackSet.size);
  const ok = ackSet.size === expected && missing === 0 && unexpected === 0 && twice === 0;
  return {
    ok,
    text: `${ackSet.size} acknowledged, ${rows.length} stored, ${missing} missing, ${unexpected} unexpected, ${twice} twice`,
  };
}

// ---- The checks.

async function spread(proxy: NginxProxy) {
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => request(`${proxy.url}/api/system/get_category_list?category_group=maps`)),
  );
  const by = countBy(answers, (a) => String(a.headers['x-upstream']));
  check(by.size === 2 && answers.every((a) => a.status === 200), `the proxy spreads requests: ${show(by)}`);
}

async function aiQuota(proxy: NginxProxy) {
  const ask = (from: string) =>
    request(`${proxy.url}/api/ai/ask`, { method: 'POST', ...json({ question: 'What bait for carp?' }), from });
  const visitor: Answer[] = [];
  // Ten at a time: the count must hold for questions arriving together at both instances.
  for (let i = 0; i < 5; i++) visitor.push(...(await Promise.all(Array.from({ length: 10 }, () => ask('127.0.0.2')))));
  const admitted = visitor.filter((a) => a.status === 200).length;
  const limited = visitor.filter((a) => a.status === 429).length;
  const via = countBy(visitor, (a) => String(a.headers['x-upstream']));
  check(
    admitted === AI_FREE_PER_MINUTE && limited === 50 - AI_FREE_PER_MINUTE && via.size === 2,
    `AI quota shared: 50 questions from one visitor (${show(via)}): ${admitted} answered, ${limited} × 429 ` +
      `(quota ${AI_FREE_PER_MINUTE})`,
  );
  const other = await Promise.all(Array.from({ length: 5 }, () => ask('127.0.0.3')));
  const otherAdmitted = other.filter((a) => a.status === 200).length;
  check(
    otherAdmitted === AI_FREE_PER_MINUTE,
    `AI quota per visitor behind the proxy (TRUST_PROXY=1): another address got ${otherAdmitted} of 5 answered`,
  );
}

async function registerAndLogin(proxy: NginxProxy, email: string, from: string) {
  const reg = await request(`${proxy.url}/api/auth/register`, {
    method: 'POST',
    ...json({ email, password: PASSWORD }),
    from,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.body}`);
  return login(proxy, email, PASSWORD, from);
}
function login(proxy: NginxProxy, email: string, password: string, from: string) {
  return request(`${proxy.url}/api/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
    from,
  });
}

async function loginLimits(proxy: NginxProxy): Promise<string> {
  const email = `cluster-${run}@example.com`;
  const first = await registerAndLogin(proxy, email, '127.0.0.4');
  if (first.status !== 200) throw new Error(`login: ${first.status} ${first.body}`);
  const guesses = await Promise.all(
    Array.from({ length: 15 }, () => login(proxy, email, 'wrong-password-0', '127.0.0.5')),
  );
  const refused = guesses.filter((a) => a.status === 400).length;
  const limited = guesses.filter((a) => a.status === 429).length;
  const via = countBy(guesses, (a) => String(a.headers['x-upstream']));
  const rightElsewhere = await login(proxy, email, PASSWORD, '127.0.0.6');
  const rightHere = await login(proxy, email, PASSWORD, '127.0.0.5');
  check(
    refused === AUTH_ACCOUNT_PER_15MIN &&
      limited === 15 - AUTH_ACCOUNT_PER_15MIN &&
      via.size === 2 &&
      rightElsewhere.status === 200 &&
      rightHere.status === 429,
    `login limits shared: 15 wrong passwords from one address (${show(via)}): ${refused} × 400, ${limited} × 429 ` +
      `(limit ${AUTH_ACCOUNT_PER_15MIN}); the right one from that address ${rightHere.status}, from another ` +
      `${rightElsewhere.status}`,
  );
  return rightElsewhere.json<{ access_token: string }>().access_token;
}

async function webhookOnce(proxy: NginxProxy, a: BuiltServer, b: BuiltServer, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const order = await request(`${proxy.url}/api/vip/subscribe?mode=once`, { headers: auth });
  if (order.status !== 200) throw new Error(`subscribe: ${order.status} ${order.body}`);
  const { order_no } = order.json<{ order_no: string }>();
  const body = JSON.stringify({
    id: `evt_cluster_${run}`,
    type: 'checkout.completed',
    created: Math.floor(Date.now() / 1000),
    data: { order_no },
  });
  const signature = signLocalEvent(common.LOCAL_PAYMENT_SECRET, body, Math.floor(Date.now() / 1000));
  const deliver = (server: BuiltServer) =>
    request(`${server.url}/api/vip/webhook/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: signature },
      body,
    });
  const answers = await Promise.all([a, b, a, b, a, b].map(deliver));
  const granted = answers.filter((r) => r.status === 200 && r.json<{ duplicate: boolean }>().duplicate === false);
  const me = await request(`${proxy.url}/api/users/me`, { headers: auth });
  const expiry = Date.parse(me.json<{ vip_expire_at: string }>().vip_expire_at);
  const days = Math.round((expiry - Date.now()) / 86_400_000);
  check(
    answers.every((r) => r.status === 200) && granted.length === 1 && days === VIP_PERIOD_DAYS,
    `one webhook delivered 3 times to each instance at once: ${answers.map((r) => r.status).join(' ')}, granted ` +
      `${granted.length} time(s), membership ${days} days (one period: ${VIP_PERIOD_DAYS})`,
  );
}

/** One catch of the demo world's first fish on its first map, caught a few seconds ago. */
async function oneCatch(server: BuiltServer, reportId: string) {
  const list = await request(
    `${server.url}/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits`,
  );
  type Item = { id: number; data: Record<string, unknown> };
  const groups = list.json<{ category_list: { fish: Item[]; maps: Item[]; baits: Item[] } }>().category_list;
  const fish = groups.fish.find((f) => (f.data.maps as number[]).length > 0)!;
  const mapId = (fish.data.maps as number[])[0]!;
  const bounds = groups.maps.find((m) => m.id === mapId)!.data.bounds as Record<string, number>;
  const item = {
    report_id: reportId,
    caught_at: new Date(Date.now() - 5000).toISOString(),
    map_id: mapId,
    fish_id: fish.id,
    bait_id: groups.baits[0]!.id,
    bait2_id: null,
    rod_type: ROD_TYPES[0],
    star_type: 0,
    weight: fish.data.min_weight as number,
    depth: 2.5,
    direction: 'front',
    angle: 90,
    game_hour: 12,
    temperature: 18,
    weather: WEATHER_KINDS[0],
    night: false,
    x: (bounds.x_min! + bounds.x_max!) / 2,
    y: (bounds.y_min! + bounds.y_max!) / 2,
    time_spent: 60,
  };
  return { item, mapId, fishId: fish.id };
}

async function registerLogger(server: BuiltServer): Promise<string> {
  const res = await request(`${server.url}/api/c_report/clients`, {
    method: 'POST',
    ...json({ player_name: 'Cluster angler', version: 'cluster-test' }),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`logger registration: ${res.status} ${res.body}`);
  return res.json<{ client_token: string }>().client_token;
}

async function upload(server: BuiltServer, token: string, item: object) {
  const res = await request(`${server.url}/api/c_report/catches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ items: [item] }),
  });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${res.body}`);
}

/** The three public reads a catch must reach: their `total`s. */
function readsOf(base: string, mapId: number, fishId: number) {
  return {
    // `trust=all`: a new logger's catch is in probation (decision 0039), counted by the default views a day later.
    'heat map': `${base}/api/heatmap?map_id=${mapId}&range=1d&trust=all`,
    'bait guide': `${base}/api/bait-guide?fish_id=${fishId}&map_id=${mapId}&trust=all`,
    logs: `${base}/api/logs/bird?fish_id=${fishId}&map_id=${mapId}`,
  };
}
async function totals(urls: Record<string, string>): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(urls).map(async ([name, url]) => {
      const res = await request(url);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
      return [name, res.json<{ total: number }>().total] as const;
    }),
  );
  return Object.fromEntries(entries);
}
/** Uploads one catch to `writer` and polls `reader`'s reads until each counts it: ms per read, or -1 past `limitMs`. */
async function timeToVisible(writer: BuiltServer, reader: BuiltServer, token: string, limitMs: number) {
  const { item, mapId, fishId } = await oneCatch(writer, `vis-${run}-${randomBytes(4).toString('hex')}`);
  const urls = readsOf(reader.url, mapId, fishId);
  const before = await totals(urls);
  const started = Date.now();
  await upload(writer, token, item);
  const seen: Record<string, number> = {};
  while (Object.keys(seen).length < Object.keys(urls).length && Date.now() - started < limitMs + 3000) {
    const now = await totals(urls);
    for (const name of Object.keys(urls))
      if (seen[name] === undefined && now[name] === before[name]! + 1) seen[name] = Date.now() - started;
    await sleep(20);
  }
  return Object.fromEntries(Object.keys(urls).map((name) => [name, seen[name] ?? -1]));
}

async function catchVisible(a: BuiltServer, b: BuiltServer) {
  const token = await registerLogger(a);
  const ms = await timeToVisible(a, b, token, VISIBLE_WITHIN_MS);
  const worst = Math.max(...Object.values(ms));
  check(
    Object.values(ms).every((t) => t >= 0 && t <= VISIBLE_WITHIN_MS),
    `a catch uploaded to instance A is counted by instance B within ${worst} ms ` +
      `(${Object.entries(ms)
        .map(([n, t]) => `${n} ${t} ms`)
        .join(', ')}; limit ${VISIBLE_WITHIN_MS} ms)`,
  );
}

async function killDuringUploads(proxy: NginxProxy, servers: BuiltServer[]) {
  const ackFile = path.join(dataDir, 'kill-acknowledged.tsv');
  const prefix = `kill${run}`;
  const began = Date.now();
  const victim = servers[Math.floor(Math.random() * servers.length)]!;
  let killedAt = 0;
  const killer = (async () => {
    await sleep(3000 + Math.random() * 2000);
    await victim.stop('SIGKILL');
    killedAt = Date.now() - began;
    await sleep(1000);
    await victim.start();
  })();
  const stats = await runLoggerSimulator({
    url: proxy.url,
    clients: 4,
    rate: 250,
    duration: 0,
    total: UPLOADS,
    batchSize: 50,
    timeoutMs: 5000,
    giveUpMs: 90_000,
    ackFile,
    idPrefix: prefix,
  });
  await killer;
  const stored = await verifyAcknowledged(ackFile, prefix, UPLOADS);
  check(
    stored.ok && stats.failed === 0 && stats.invalid === 0 && killedAt > 0,
    `SIGKILL of ${victim.name} at ${(killedAt / 1000).toFixed(1)} s during ${UPLOADS} uploads through the proxy: ` +
      `${stored.text}; ${describeRetries(stats)} retries, ${((Date.now() - began) / 1000).toFixed(1)} s`,
  );
}

/**
 * Stops a server with SIGTERM and watches its drain (server.ts) on a connection it kept alive from before: every
 * answer 200, the same connection reused until an answer says `Connection: close` (within a second: the drain lasts
 * three), then a clean exit. Without the drain the kept connection is closed at once, and a request a proxy sends on
 * it in that instant is reset, which it answers with 502 for a POST; the rolling restart below meets that by chance.
 */
async function stopDraining(server: BuiltServer): Promise<{ ok: boolean; text: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const health = () =>
    new Promise<{ status: number; connection: string; reused: boolean }>((resolve, reject) => {
      const req = http.get(`${server.url}/health`, { agent, timeout: 5000 }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: String(res.headers.connection),
            reused: req.reusedSocket,
          }),
        );
      });
      req.on('error', reject);
    });
  const seen: string[] = [];
  let ok = (await health()).connection === 'keep-alive';
  const stopped = server.stop('SIGTERM');
  const signalled = Date.now();
  try {
    for (;;) {
      const answer = await health();
      ok &&= answer.status === 200 && answer.reused;
      seen.push(`${answer.status} ${answer.connection}${answer.reused ? '' : ' (new connection)'}`);
      if (answer.connection === 'close' || !ok || Date.now() - signalled > 1000) break;
      await sleep(20);
    }
  } catch (error) {
    ok = false;
    seen.push(`failed: ${(error as { code?: string }).code ?? String(error)}`);
  } finally {
    agent.destroy();
  }
  await stopped;
  const last = seen.at(-1);
  ok &&= last === '200 close' && server.ended === 'exit code 0';
  return {
    ok,
    text: `${seen.length} request(s) after the signal, the last ${last}; then ${server.ended} ${((Date.now() - signalled) / 1000).toFixed(1)} s after it`,
  };
}

async function rollingRestart(proxy: NginxProxy, servers: BuiltServer[]) {
  const stop = new AbortController();
  const reads = { ok: 0, failed: 0, failures: new Map<string, number>() };
  const { item } = await oneCatch(servers[0]!, 'unused');
  const urls = [
    ...Object.values(readsOf(proxy.url, item.map_id, item.fish_id)),
    `${proxy.url}/api/system/get_category_list?category_group=fish`,
    `${proxy.url}/api/bait-guide/top`,
  ];
  const reader = async (index: number) => {
    for (let i = index; !stop.signal.aborted; i++) {
      const url = urls[i % urls.length]!;
      try {
        const res = await request(url);
        if (res.status === 200) reads.ok++;
        else {
          reads.failed++;
          reads.failures.set(`${res.status}`, (reads.failures.get(`${res.status}`) ?? 0) + 1);
        }
      } catch (error) {
        reads.failed++;
        const code = (error as { code?: string }).code ?? String(error);
        reads.failures.set(code, (reads.failures.get(code) ?? 0) + 1);
      }
    }
  };
  const ackFile = path.join(dataDir, 'rolling-acknowledged.tsv');
  const prefix = `roll${run}`;
  const began = Date.now();
  const readers = Promise.all([0, 1, 2, 3].map(reader));
  const loggers = runLoggerSimulator({
    url: proxy.url,
    clients: 4,
    rate: 200,
    duration: 0,
    batchSize: 20,
    timeoutMs: 10_000,
    ackFile,
    idPrefix: prefix,
    signal: stop.signal,
  });
  const steps: string[] = [];
  const drains: string[] = [];
  let drained = true;
  try {
    await sleep(2000);
    for (const server of servers) {
      const down = Date.now();
      const drain = await stopDraining(server);
      drained &&= drain.ok;
      drains.push(`${server.name}: ${drain.text}`);
      await server.start();
      const back = Date.now();
      // Before the next one goes down, the proxy must be sending requests to this one again: nginx tries a server
      // it marked failed only after `fail_timeout`, and with both marked failed it would answer 502 itself.
      const host = new URL(server.url).host;
      while (String((await request(`${proxy.url}/health`)).headers['x-upstream']) !== host) {
        if (Date.now() - back > 15_000) throw new Error(`the proxy did not send requests to ${server.name} again`);
        await sleep(100);
      }
      steps.push(
        `${server.name} down for ${((back - down) / 1000).toFixed(1)} s, ` +
          `proxied to again after ${((Date.now() - back) / 1000).toFixed(1)} s`,
      );
    }
    await sleep(1000);
  } finally {
    stop.abort();
  }
  const stats: SimulatorStats = await loggers;
  await readers;
  const stored = await verifyAcknowledged(ackFile, prefix, stats.acknowledged);
  check(drained, `SIGTERM drains before it closes (server.ts): ${drains.join('; ')}`);
  check(
    reads.failed === 0 && stats.retries === 0 && stats.failed === 0 && stats.invalid === 0 && stored.ok,
    `rolling restart (SIGTERM, start; ${steps.join(', ')}) in ${((Date.now() - began) / 1000).toFixed(1)} s: ` +
      `${reads.ok} reads answered, ${reads.failed} failed${reads.failed ? ` (${show(reads.failures)})` : ''}; ` +
      `loggers ${stats.acknowledged} reports acknowledged, ${describeRetries(stats)} retries, ` +
      `${stats.failed} given up; ` +
      stored.text,
  );
}

// ---- The replica.

async function replicaLagProbes(primaryUrl: string, replicaUrl: string) {
  const primary = new pg.Client({ connectionString: withSchema(primaryUrl) });
  const replica = new pg.Client({ connectionString: withSchema(replicaUrl) });
  await primary.connect();
  await replica.connect();
  await primary.query('create table replica_probe (n int primary key)');
  const lags: number[] = [];
  try {
    for (let n = 0; n < 20; n++) {
      await primary.query('insert into replica_probe values ($1)', [n]);
      const started = Date.now();
      for (;;) {
        try {
          const { rowCount } = await replica.query('select 1 from replica_probe where n = $1', [n]);
          if (rowCount === 1) break;
        } catch {
          // The table itself has not arrived yet.
        }
        if (Date.now() - started > 10_000) throw new Error('a probe row did not reach the replica in 10 s');
        await sleep(2);
      }
      lags.push(Date.now() - started);
    }
  } finally {
    await primary.end();
    await replica.end();
  }
  lags.sort((x, y) => x - y);
  return lags;
}

async function replicaChecks(replica: PgReplica) {
  const lags = await replicaLagProbes(PG_URL, replica.url);
  console.log(
    `cluster test: replica lag over 20 committed rows: median ${lags[10]} ms, max ${lags.at(-1)} ms ` +
      '(polled every 2 ms)',
  );
  const readsUrl = withSchema(replica.url, { application_name: `anglerdex-reads-${run}` });
  const c = await instance('instance C (replica reads)', { DATABASE_REPLICA_URL: readsUrl });
  await c.start();
  try {
    const ready = await request(`${c.url}/ready`);
    const token = await registerLogger(c);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ms = await timeToVisible(c, c, token, REPLICA_VISIBLE_WITHIN_MS);
      times.push(...Object.values(ms));
    }
    // The reads were the replica's: its own connections, under the application name given in the URL.
    const onReplica = await pgQuery<{ n: number }>(
      replica.url,
      `select count(*)::int as n from pg_stat_activity where application_name = 'anglerdex-reads-${run}'`,
    );
    const worst = Math.max(...times);
    check(
      ready.json<{ replica?: string }>().replica === 'up' &&
        onReplica[0]!.n > 0 &&
        times.every((t) => t >= 0 && t <= REPLICA_VISIBLE_WITHIN_MS),
      `replica reads: 5 catches uploaded to the primary counted by the replica-served heat map, bait guide and logs ` +
        `within ${worst} ms (limit ${REPLICA_VISIBLE_WITHIN_MS} ms; ${onReplica[0]!.n} read connections on the ` +
        `replica; /ready replica ${ready.json<{ replica?: string }>().replica})`,
    );

    const { item } = await oneCatch(c, 'unused');
    const urls = Object.values(readsOf(c.url, item.map_id, item.fish_id));
    replica.stop('immediate');
    const stoppedAt = Date.now();
    const statuses: number[] = [];
    const durations: number[] = [];
    for (let i = 0; i < 150; i++) {
      const started = Date.now();
      try {
        statuses.push((await request(urls[i % urls.length]!)).status);
      } catch {
        statuses.push(0);
      }
      durations.push(Date.now() - started);
    }
    const afterStop = await request(`${c.url}/ready`);
    const errors = statuses.filter((s) => s !== 200).length;
    check(
      errors === 0 && afterStop.status === 200 && afterStop.json<{ replica?: string }>().replica === 'down',
      `replica stopped (pg_ctl stop -m immediate): ${statuses.length} reads in ${Date.now() - stoppedAt} ms, ` +
        `${errors} not 200, slowest ${Math.max(...durations)} ms; /ready ${afterStop.status} replica ` +
        `${afterStop.json<{ replica?: string }>().replica}`,
    );
  } finally {
    await c.stop('SIGTERM');
  }
}

// ---- Run, and clean up whatever happens.

const began = Date.now();
const servers: BuiltServer[] = [];
let proxy: NginxProxy | undefined;
let replica: PgReplica | undefined;
let failure: unknown;
try {
  await pgQuery(PG_URL, `create schema ${schema}`);
  const a = await instance('instance A');
  const b = await instance('instance B');
  servers.push(a, b);
  let t = Date.now();
  // One after the other: the first migrates and seeds the demo world, the second finds it there.
  await a.start();
  console.log(`cluster test: ${a.name} ready in ${((Date.now() - t) / 1000).toFixed(1)} s (migrated, demo world)`);
  t = Date.now();
  await b.start();
  console.log(`cluster test: ${b.name} ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  proxy = new NginxProxy(
    proxyDir,
    await unusedPort(),
    [a, b].map((s) => new URL(s.url).host),
  );
  await proxy.start();
  console.log(`cluster test: nginx at ${proxy.url} in front of ${a.url} and ${b.url}`);

  await spread(proxy);
  await aiQuota(proxy);
  const token = await loginLimits(proxy);
  await webhookOnce(proxy, a, b, token);
  await catchVisible(a, b);
  await killDuringUploads(proxy, [a, b]);
  await rollingRestart(proxy, [a, b]);

  const changed = await allowReplication(PG_URL);
  for (const line of changed) console.log(`cluster test: primary: ${line}`);
  replica = new PgReplica(PG_URL, await unusedPort());
  t = Date.now();
  replica.start();
  console.log(`cluster test: streaming replica on port ${replica.port} (base backup and start ${Date.now() - t} ms)`);
  await replicaChecks(replica);
} catch (error) {
  failure = error;
  console.error('cluster test: failed:', error);
} finally {
  const keep = failure !== undefined || results.some((r) => !r.ok);
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await proxy?.stop();
  replica?.remove(keep ? dataDir : undefined);
  await pgQuery(PG_URL, `drop schema if exists ${schema} cascade`).catch(() => {});
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } catch {
    // Nothing to remove.
  } finally {
    redis.disconnect();
  }
  if (keep) console.error(`cluster test: kept ${dataDir} and ${proxyDir} (nginx's logs) for a look`);
  else {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(proxyDir, { recursive: true, force: true });
  }
}

const failed = results.filter((r) => !r.ok).length;
const ok = failure === undefined && failed === 0 && results.length > 0;
console.log(
  `cluster test: ${ok ? 'passed' : 'FAILED'}: ${results.length - failed} of ${results.length} checks, ` +
    `${((Date.now() - began) / 1000).toFixed(1)} s`,
);
process.exit(ok ? 0 : 1);
