/**
 * Catalogue reads against a bare Fastify sending the same bytes (issue 20; goal: ≥ 0.5 of its requests/s, identity and
 * brotli, in one run). The routes are the catalogue reads a first visit makes: the base configuration's category
 * list (all five groups, src/client/lib/base-config.ts) and the default map's fish (the heat map's fish filter).
 *
 *   npx tsx scripts/bench/catalogue-reads.ts [--seconds 3] [--rounds 5] [--connections 10] [--min-ratio 0.5]
 *     [--log-level info] [--cpu-prof DIR] [--only 'list|br']                    (part of `npm run bench`)
 *
 * Three processes, so no server shares its event loop with the client: the real app (lib/catalogue-app-server.ts,
 * logging as `server.ts` does, to a file), the bare Fastify (lib/bare-catalogue-server.ts, handed the bytes and
 * headers the app sent) and this one, the load generator (lib/http-load.ts). On two cores one server and the client
 * run at a time while the other server idles: every round loads app and bare back to back for each route and
 * encoding, the order swapped every round, and the ratio is taken per round (so a neighbour's burst hits both sides
 * of one ratio) and reported as the median of the rounds with their spread. Beside requests/s, each server's CPU time
 * per answer (from /proc): bare over app is the same ratio when the server sets the pace, and it holds still when
 * other work shares the cores. Fails on a wrong answer, and when the median CPU ratio (the req/s ratio without
 * /proc) of a route and encoding is below --min-ratio (0 turns that off).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { brotliDecompressSync } from 'node:zlib';
import type { BareAnswers, RecordedAnswer } from './lib/bare-catalogue-server';
import { numberOption, option } from './lib/bench-helpers';
import { type LoadResult, runLoad } from './lib/http-load';

const SECONDS = numberOption('seconds', 3);
const ROUNDS = numberOption('rounds', 5);
const CONNECTIONS = numberOption('connections', 10);
const MIN_RATIO = numberOption('min-ratio', 0.5);
const LOG_LEVEL = option('log-level', 'info');
const CPU_PROF = option('cpu-prof', '');
/** Only the cases whose `route|encoding` contains this (e.g. `list|br`), for profiling one of them. */
const ONLY = option('only', '');
const root = path.resolve(import.meta.dirname, '../..');

const ENCODINGS = { identity: {}, br: { 'accept-encoding': 'br' } } as const;
type Encoding = keyof typeof ENCODINGS;

/** Starts a server script under tsx with an IPC channel and resolves with its first message. */
function startServer<T>(
  script: string,
  { stdout = 'ignore', env = {}, nodeArgs = [] as string[], args = [] as string[] }: Record<string, unknown> = {},
): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(
    process.execPath,
    [...(nodeArgs as string[]), '--import', 'tsx', path.join(import.meta.dirname, script), ...(args as string[])],
    {
      cwd: root,
      env: { ...process.env, ...(env as Record<string, string>) },
      stdio: ['ignore', stdout as 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (ready: T) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
}

/** One raw answer (no decompression): the headers and the bytes as sent. */
function fetchRaw(
  port: number,
  url: string,
  headers: Record<string, string>,
): Promise<RecordedAnswer & { status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** CPU time (ms, user + system, all threads) a process has used so far, from /proc; null where there is none. */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();
function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

let failed = false;
const fail = (message: string) => {
  console.error(`FAIL: ${message}`);
  failed = true;
};

const logFile = path.join(os.tmpdir(), `anglerdex-bench-catalogue-${process.pid}.log`);
const app = await startServer<{ port: number; mapId: number }>('lib/catalogue-app-server.ts', {
  stdout: openSync(logFile, 'w'),
  env: { LOG_LEVEL },
  nodeArgs: CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : [],
});
const routes = {
  'category list': `/api/system/get_category_list?${['fish', 'maps', 'baits', 'star_type', 'fish_way'].map((g) => `category_group=${g}`).join('&')}`,
  'fish of a map': `/api/system/get_fishes_by_map_id?map_id=${app.ready.mapId}`,
};
type Route = keyof typeof routes;

// What the app sends is what the bare server will send; each brotli body must be the identity body compressed.
const answers: BareAnswers = {};
for (const url of Object.values(routes)) {
  const identity = await fetchRaw(app.ready.port, url, ENCODINGS.identity);
  const br = await fetchRaw(app.ready.port, url, ENCODINGS.br);
  if (identity.status !== 200 || br.status !== 200) fail(`${url} answered ${identity.status} / ${br.status}`);
  if (br.headers['content-encoding'] !== 'br') fail(`${url} was not sent with brotli`);
  else if (!brotliDecompressSync(br.body).equals(identity.body)) fail(`${url}: the brotli body is another answer`);
  answers[url] = { identity, br };
}
const answersFile = path.join(os.tmpdir(), `anglerdex-bench-catalogue-${process.pid}.answers`);
writeFileSync(answersFile, v8.serialize(answers));
const bare = await startServer<{ port: number }>('lib/bare-catalogue-server.ts', { args: [answersFile] });
for (const [url, recorded] of Object.entries(answers)) {
  for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
    const sent = await fetchRaw(bare.ready.port, url, ENCODINGS[encoding]);
    if (!Buffer.from(sent.body).equals(Buffer.from(recorded[encoding].body)))
      fail(`bare ${url} ${encoding}: other bytes`);
  }
}

type Side = 'app' | 'bare';
const ports: Record<Side, number> = { app: app.ready.port, bare: bare.ready.port };
const pids: Record<Side, number> = { app: app.child.pid!, bare: bare.child.pid! };
/** One load's figures, with the server's CPU time per answer and the share of the time the client was busy. */
interface Run extends LoadResult {
  serverCpuUs: number | null;
  clientBusy: number;
}
const results = new Map<string, Record<Side, Run[]>>();
const cases = (Object.keys(routes) as Route[])
  .flatMap((route) => (Object.keys(ENCODINGS) as Encoding[]).map((encoding) => [route, encoding] as const))
  .filter(([route, encoding]) => `${route}|${encoding}`.includes(ONLY));
const load = async (side: Side, route: Route, encoding: Encoding, seconds: number): Promise<Run> => {
  const serverBefore = cpuMs(pids[side]);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await runLoad({
    port: ports[side],
    path: routes[route],
    headers: ENCODINGS[encoding],
    connections: CONNECTIONS,
    seconds,
  });
  const expected = answers[routes[route]]![encoding].body.length;
  if (result.errors > 0) fail(`${side} ${route} ${encoding}: ${result.errors} answers were not 200`);
  if (result.bodyBytes !== expected) fail(`${side} ${route} ${encoding}: ${result.bodyBytes} bytes, not ${expected}`);
  const client = process.cpuUsage(clientBefore);
  const serverAfter = cpuMs(pids[side]);
  return {
    ...result,
    serverCpuUs:
      serverBefore === null || serverAfter === null ? null : ((serverAfter - serverBefore) * 1000) / result.requests,
    clientBusy: (client.user + client.system) / 1000 / (performance.now() - started),
  };
};

console.log(
  `catalogue reads: ${ROUNDS} rounds × ${SECONDS} s per server, route and encoding; ${CONNECTIONS} keep-alive ` +
    `connections; app log level ${LOG_LEVEL}; load average before: ${loadAverage()}`,
);
// Warm both servers' code paths (the JIT, the kept encodings) before anything is counted.
for (const [route, encoding] of cases)
  for (const side of ['app', 'bare'] as Side[]) await load(side, route, encoding, 1);

for (let round = 0; round < ROUNDS; round++) {
  const order: Side[] = round % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
  for (const [route, encoding] of cases) {
    const key = `${route}|${encoding}`;
    if (!results.has(key)) results.set(key, { app: [], bare: [] });
    for (const side of order) results.get(key)![side].push(await load(side, route, encoding, SECONDS));
  }
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);
const whole = (n: number) => Math.round(n).toLocaleString('en');
const spread = (values: number[]) =>
  `${fixed(median(values), 2)} (${fixed(Math.min(...values), 2)}–${fixed(Math.max(...values), 2)})`;
console.log(
  '\n| route | encoding | bytes | app req/s | app p50 / p99 ms | app CPU µs/req | bare req/s | bare p50 / p99 ms | ' +
    'bare CPU µs/req | req/s ratio, median (rounds) | CPU ratio, median (rounds) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const clientBusy: number[] = [];
for (const [key, { app: appRuns, bare: bareRuns }] of results) {
  const [route, encoding] = key.split('|') as [Route, Encoding];
  const ratios = appRuns.map((run, i) => run.perSecond / bareRuns[i]!.perSecond);
  // The server's CPU per answer, bare over app: what the req/s ratio is when the server is the bottleneck, and
  // steady when neighbours take the cores (they slow both servers' clocks, not what a request costs).
  const cpuRatios = appRuns.flatMap((run, i) => {
    const bareCpu = bareRuns[i]!.serverCpuUs;
    return run.serverCpuUs && bareCpu ? [bareCpu / run.serverCpuUs] : [];
  });
  clientBusy.push(...bareRuns.map((run) => run.clientBusy));
  const side = (runs: Run[]) => [
    whole(median(runs.map((r) => r.perSecond))),
    `${fixed(median(runs.map((r) => r.p50Ms)), 2)} / ${fixed(median(runs.map((r) => r.p99Ms)), 2)}`,
    runs.every((r) => r.serverCpuUs !== null) ? fixed(median(runs.map((r) => r.serverCpuUs!)), 0) : '—',
  ];
  console.log(
    `| ${route} | ${encoding} | ${whole(answers[routes[route]]![encoding].body.length)} | ${side(appRuns).join(' | ')} | ` +
      `${side(bareRuns).join(' | ')} | ${spread(ratios)} | ${cpuRatios.length ? spread(cpuRatios) : '—'} |`,
  );
  // The verdict: the CPU ratio where /proc gives it (a neighbour's burst cannot fail the run), else the req/s one.
  const verdict = cpuRatios.length ? median(cpuRatios) : median(ratios);
  if (MIN_RATIO > 0 && verdict < MIN_RATIO) fail(`${route} ${encoding}: ratio ${fixed(verdict, 2)} < ${MIN_RATIO}`);
}
console.log(
  `\nthe load generator was busy ${fixed(median(clientBusy) * 100, 0)} % of the time during the bare runs (median; ` +
    'near 100 % would mean it, not the server, set the pace)',
);
const logLines = readFileSync(logFile, 'utf8').split('\n').length - 1;
console.log(
  `\nload average after: ${loadAverage()}; the app wrote ${whole(logLines)} log lines ` +
    `(${whole(statSync(logFile).size / 1024)} KB, ${logFile}); CPU: ${os.cpus()[0]?.model} × ${os.cpus().length}`,
);

// Stopping the children by their own pid: closing the IPC channel makes each exit.
for (const child of [app.child, bare.child]) child.disconnect();
await Promise.all([app.child, bare.child].map((child) => new Promise((resolve) => child.once('exit', resolve))));
rmSync(logFile, { force: true });
rmSync(answersFile, { force: true });
if (failed) process.exitCode = 1;
