/**
 * Simulated loggers over HTTP (docs/catch-data-api.md §1): `clients` batches in flight, each of valid catches built
 * from the catalogue the server publishes, at a given total rate. A batch that meets a network error, a time-out, a
 * 5xx, 429 or 503 is sent again unchanged (same report ids) after `Retry-After` or a short back-off, as a real
 * logger must: the server is idempotent by (logger, report_id), so nothing is stored twice.
 *
 * Each logger fishes at a human pace (issue 24, decision 0039): its catches are `paceSeconds` apart in `caught_at`
 * (20 s by default: 3 in any minute, 180 in any hour, within the server's 6 and 200), and a batch is its backlog
 * since its last upload, ending seconds before it is sent (a share of them late, from a logger that was offline).
 * So a batch of 500 is nearly three hours of one player's fishing, and the rate needs as many loggers as it takes:
 * they are registered before the sending starts when the run's size is known (else as they are needed), or handed
 * in (`loggers`: registered elsewhere, e.g. from other addresses or straight in a benchmark's database). A logger
 * sends again once its next backlog has been fished.
 *
 * `npm run logger` (logger-cli.ts), the crash test and the ingestion benchmark all use it. No database access: it
 * only knows what a third-party logger knows.
 */
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CategoryList } from '#shared/contracts/catalogue';
import { type CatchItemInput, wireTime } from '#shared/contracts/catches';
import { ROD_TYPES, WEATHER_KINDS } from '#shared/game/catch-attributes';
import { createRng, type Rng, seedOf } from './prng';

/** Registrations in flight at once before a run. */
const REGISTER_AT_ONCE = 16;

export interface SimulatorOptions {
  /** Base URL of the site, e.g. http://127.0.0.1:8000 (the API is under /api). */
  url: string;
  clients: number;
  /** Reports per second, all loggers together; 0 = as fast as the server answers. */
  rate: number;
  /** Stop starting new batches after this many seconds (0 = no time limit). */
  duration: number;
  /** Stop after this many reports in all (0 = no limit): the crash test and the benchmark send a fixed number. */
  total?: number;
  /** Items per batch, at most 500. */
  batchSize?: number;
  /** Time-out of one request, in ms. */
  timeoutMs?: number;
  /** Give up a batch that is still not answered after this long, retries included (ms). */
  giveUpMs?: number;
  /** Append `client_id<TAB>report_id` of every acknowledged report (created or duplicate) to this file. */
  ackFile?: string;
  /** Report ids start with this (default: a fresh one per run); letters, digits, `_.:-`. */
  idPrefix?: string;
  /**
   * The share of catches uploaded late (0–1, default 0.05): caught up to `lateHours` before the upload, as from a
   * logger that was offline. The others were caught in the last seconds, as a logger watching the game reports them.
   */
  lateShare?: number;
  /** How old a late catch may be, in hours (default 24). */
  lateHours?: number;
  /** Seconds between two catches of one logger (`caught_at`; default 20, a human pace within the server's limits). */
  paceSeconds?: number;
  /** Loggers registered elsewhere: the only ones used (none is registered here), each again once it is due. */
  loggers?: readonly SimulatedLogger[];
  /**
   * A logger's first batch starts this many hours back (it comes online with that much fishing to upload), and its
   * next batches follow on at once while they have been fished: as fast as the server allows. Default: a first
   * batch ends seconds ago.
   */
  backlogHours?: number;
  /**
   * Only this fish (on its first map, or `mapId`) and this bait: every logger reports the same catch over and over,
   * as a poisoner would (the poisoning test, features/bait-guide).
   */
  only?: { fishId: number; baitId: number; mapId?: number };
  /** Aborted: no new batch is started (the ones sent are still retried until answered): a caller's own stop. */
  signal?: AbortSignal;
  /** Called about once a second while running. */
  onProgress?: (stats: SimulatorStats) => void;
}

export interface SimulatorStats {
  sent: number;
  acknowledged: number;
  created: number;
  duplicates: number;
  invalid: number;
  /** Requests sent again after an error, time-out, 429 or 503. */
  retries: number;
  /** What each retry answered: the status (`503`), the network error's code (`ECONNRESET`) or `timeout`. */
  retryReasons: Record<string, number>;
  /** Reports of batches given up after `giveUpMs`. */
  failed: number;
  /** Duration of each acknowledged batch (first send to answer, retries included), ms. */
  batchMs: number[];
  elapsedMs: number;
  /** Loggers that sent at least one batch. */
  loggers?: number;
}

/** The retries and what they answered: `3 (503 ×2, ECONNRESET ×1)`, or `0`. */
export function describeRetries(stats: SimulatorStats): string {
  const reasons = Object.entries(stats.retryReasons).map(([reason, n]) => `${reason} ×${n}`);
  return reasons.length ? `${stats.retries} (${reasons.join(', ')})` : String(stats.retries);
}

/** A logger's public id and secret upload token. */
export interface SimulatedLogger {
  id: string;
  token: string;
}

interface Catalogue {
  places: { mapId: number; fishId: number; min: number; max: number; bounds: Bounds }[];
  baits: number[];
}
interface Bounds {
  x_min: number;
  y_min: number;
  x_max: number;
  y_max: number;
}

/** Thrown for an answer that retrying cannot fix (401, 413, 422…): a bug in the simulator or a wrong URL. */
class SimulatorError extends Error {}

const RETRYABLE = (status: number) => status === 429 || status === 503 || status >= 500;

async function request(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

/** Sends until answered 2xx: network errors, time-outs, 5xx, 429 and 503 are retried with the same body. */
async function sendWithRetries(
  url: string,
  init: RequestInit,
  options: { timeoutMs: number; giveUpMs: number },
  onRetry: (reason: string) => void,
): Promise<unknown> {
  const started = Date.now();
  let backoff = 100;
  for (;;) {
    let wait = backoff;
    let reason: string;
    try {
      const res = await request(url, init, options.timeoutMs);
      if (res.ok) return await res.json();
      const body = await res.text();
      if (!RETRYABLE(res.status)) throw new SimulatorError(`${init.method} ${url}: ${res.status} ${body}`);
      reason = String(res.status);
      const retryAfter = Number(res.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) wait = retryAfter * 1000;
    } catch (error) {
      if (error instanceof SimulatorError) throw error;
      // Refused, reset, timed out: the server may have died before or after committing; the same body is safe.
      reason = errorCode(error);
    }
    if (Date.now() - started + wait > options.giveUpMs) return undefined;
    onRetry(reason);
    await sleep(wait);
    backoff = Math.min(backoff * 2, 2000);
  }
}

/** A failed fetch's cause, short: `timeout`, or the socket's code (`ECONNREFUSED`, `UND_ERR_SOCKET`…). */
function errorCode(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as { code?: string }).code ?? 'network error';
}

async function loadCatalogue(url: string, timeouts: { timeoutMs: number; giveUpMs: number }): Promise<Catalogue> {
  const query = 'category_group=fish&category_group=maps&category_group=baits';
  const answer = (await sendWithRetries(
    `${url}/api/system/get_category_list?${query}`,
    { method: 'GET' },
    timeouts,
    () => {},
  )) as { category_list: CategoryList } | undefined;
  if (!answer) throw new SimulatorError(`${url}: the catalogue could not be read`);
  const list = answer.category_list;
  const maps = new Map((list.maps ?? []).map((m) => [m.id, m.data.bounds]));
  const places = (list.fish ?? []).flatMap((f) =>
    f.data.maps
      .filter((id) => maps.has(id))
      .map((mapId) => ({
        mapId,
        fishId: f.id,
        min: f.data.min_weight,
        max: f.data.max_weight,
        bounds: maps.get(mapId)!,
      })),
  );
  const baits = (list.baits ?? []).map((b) => b.id);
  if (places.length === 0 || baits.length < 2) throw new SimulatorError(`${url}: the catalogue has no fish to catch`);
  return { places, baits };
}

/** Narrows the catalogue to one fish and bait (`SimulatorOptions.only`). */
function onlyOf(catalogue: Catalogue, only: NonNullable<SimulatorOptions['only']>): Catalogue {
  const places = catalogue.places.filter(
    (p) => p.fishId === only.fishId && (only.mapId === undefined || p.mapId === only.mapId),
  );
  if (places.length === 0) throw new SimulatorError(`no map of the catalogue has fish ${only.fishId}`);
  return { places: places.slice(0, 1), baits: [only.baitId] };
}

/** A valid catch: a fish on one of its maps, a weight in its range, a point inside the map's bounds. */
function simulatedCatch(reportId: string, caughtAt: number, catalogue: Catalogue, rng: Rng): CatchItemInput {
  const place = rng.pick(catalogue.places);
  const { bounds } = place;
  const trophy = rng.chance(0.03);
  const hour = rng.int(0, 23);
  return {
    report_id: reportId,
    caught_at: wireTime(caughtAt),
    map_id: place.mapId,
    fish_id: place.fishId,
    bait_id: rng.pick(catalogue.baits),
    bait2_id: null,
    rod_type: rng.pick(ROD_TYPES),
    star_type: trophy ? (rng.int(446, 452) as CatchItemInput['star_type']) : 0,
    weight: trophy ? place.max : rng.int(place.min, Math.floor((place.min + place.max) / 2)),
    depth: Math.round(rng.range(0.5, 30) * 10) / 10,
    direction: rng.chance(0.5) ? 'front' : 'back',
    angle: rng.int(0, 359),
    game_hour: hour,
    temperature: Math.round(rng.range(-5, 35) * 10) / 10,
    weather: rng.pick(WEATHER_KINDS),
    night: hour >= 21 || hour <= 4,
    x: bounds.x_min + rng.next() * (bounds.x_max - bounds.x_min),
    y: bounds.y_min + rng.next() * (bounds.y_max - bounds.y_min),
    time_spent: rng.int(5, 900),
  };
}

export async function runLoggerSimulator(options: SimulatorOptions): Promise<SimulatorStats> {
  const url = options.url.replace(/\/$/, '');
  const batchSize = Math.min(500, Math.max(1, options.batchSize ?? 500));
  const timeouts = { timeoutMs: options.timeoutMs ?? 10_000, giveUpMs: options.giveUpMs ?? 120_000 };
  const prefix = options.idPrefix ?? `sim${Date.now().toString(36)}`;
  const total = options.total ?? 0;
  const lateShare = options.lateShare ?? 0.05;
  const lateMs = (options.lateHours ?? 24) * 3_600_000;
  const paceMs = (options.paceSeconds ?? 20) * 1000;
  const stats: SimulatorStats = {
    sent: 0,
    acknowledged: 0,
    created: 0,
    duplicates: 0,
    invalid: 0,
    retries: 0,
    retryReasons: {},
    failed: 0,
    batchMs: [],
    elapsedMs: 0,
  };
  const retried = (reason: string) => {
    stats.retries++;
    stats.retryReasons[reason] = (stats.retryReasons[reason] ?? 0) + 1;
  };

  let catalogue = await loadCatalogue(url, timeouts);
  if (options.only) catalogue = onlyOf(catalogue, options.only);
  const register = async (): Promise<SimulatedLogger> => {
    const answer = (await sendWithRetries(
      `${url}/api/c_report/clients`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ player_name: 'Simulated angler', version: 'simulator' }),
      },
      timeouts,
      retried,
    )) as { client_id: string; client_token: string } | undefined;
    if (!answer) throw new SimulatorError(`${url}: logger registration failed`);
    return { id: answer.client_id, token: answer.client_token };
  };
  // The loggers a run of known size needs, registered before the clock starts (unless handed in): one per batch, but
  // at a rate no more than `rate × pace` (a logger is due again once it has fished another batch); more are
  // registered as they are needed.
  const batches =
    total > 0
      ? Math.ceil(total / batchSize)
      : options.rate > 0 && options.duration > 0
        ? Math.ceil((options.rate * options.duration) / batchSize)
        : options.clients;
  const needed = options.rate > 0 ? Math.min(batches, Math.ceil((options.rate * paceMs) / 1000)) : batches;
  const fresh: SimulatedLogger[] = [...(options.loggers ?? [])];
  // Registered a few at a time: a run at 1,000 reports/s needs thousands, and one after another they took minutes.
  if (!options.loggers)
    while (fresh.length < needed)
      fresh.push(
        ...(await Promise.all(Array.from({ length: Math.min(REGISTER_AT_ONCE, needed - fresh.length) }, register))),
      );
  const backlogMs = (options.backlogHours ?? 0) * 3_600_000;
  /**
   * Loggers that sent, each with the `caught_at` of its next catch, soonest first: due again once its next backlog is
   * fished.
   */
  const waiting: { logger: SimulatedLogger; nextAt: number }[] = [];

  const started = Date.now();
  const deadline = options.duration > 0 ? started + options.duration * 1000 : Infinity;
  // Each sender paces itself to its share of the rate: one batch every batchSize / (rate / clients) seconds.
  const interval = options.rate > 0 ? (batchSize * options.clients * 1000) / options.rate : 0;
  let reserved = 0;
  let loggerCount = 0;
  const progress = setInterval(() => options.onProgress?.({ ...stats, elapsedMs: Date.now() - started }), 1000);

  /** The logger of the next batch of `size` and its catches' times: one due again, else a fresh one. */
  const nextLogger = async (size: number, rng: Rng): Promise<{ logger: SimulatedLogger; times: number[] } | null> => {
    for (;;) {
      const now = Date.now();
      if (now >= deadline || options.signal?.aborted) return null;
      const head = waiting[0];
      if (head && head.nextAt + (size - 1) * paceMs <= now - 1000) {
        waiting.shift();
        return { logger: head.logger, times: Array.from({ length: size }, (_, i) => head.nextAt + i * paceMs) };
      }
      const logger = fresh.shift() ?? (options.loggers ? undefined : await register());
      if (logger) {
        loggerCount += 1;
        // A backlog starting `backlogHours` back; or ending seconds ago (the newest just landed), or, for a share of
        // them, hours ago.
        if (backlogMs > 0)
          return { logger, times: Array.from({ length: size }, (_, i) => now - backlogMs + i * paceMs) };
        const end = now - (rng.chance(lateShare) ? rng.int(10_000, Math.max(10_000, lateMs)) : rng.int(1000, 10_000));
        return { logger, times: Array.from({ length: size }, (_, i) => end - (size - 1 - i) * paceMs) };
      }
      // Only the loggers handed in, all busy or still fishing: wait for the first to be due.
      await sleep(head ? Math.max(50, Math.min(250, head.nextAt + (size - 1) * paceMs - now + 1000)) : 50);
    }
  };

  const runSender = async (index: number) => {
    const rng = createRng(seedOf(0x10c9, index, started));
    let seq = 0;
    let next = started + (interval * index) / options.clients;
    while (Date.now() < deadline && !options.signal?.aborted) {
      const size = total > 0 ? Math.min(batchSize, total - reserved) : batchSize;
      if (size <= 0) break;
      reserved += size;
      const taken = await nextLogger(size, rng);
      if (!taken) {
        reserved -= size;
        break;
      }
      const { logger, times } = taken;
      const items = times.map((at) => simulatedCatch(`${prefix}-${index}-${seq++}`, at, catalogue, rng));
      const body = JSON.stringify({ items });
      const batchStart = Date.now();
      stats.sent += size;
      const answer = (await sendWithRetries(
        `${url}/api/c_report/catches`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${logger.token}` },
          body,
        },
        timeouts,
        retried,
      )) as { created: number; duplicates: number; invalid: number; results: ResultItem[] } | undefined;
      // In `nextAt` order: the first is the one due soonest.
      const nextAt = times.at(-1)! + paceMs;
      let at = waiting.length;
      while (at > 0 && waiting[at - 1]!.nextAt > nextAt) at--;
      waiting.splice(at, 0, { logger, nextAt });
      if (!answer) {
        stats.failed += size;
        continue;
      }
      stats.batchMs.push(Date.now() - batchStart);
      stats.created += answer.created;
      stats.duplicates += answer.duplicates;
      stats.invalid += answer.invalid;
      const acked = answer.results.filter((r) => r.status !== 'invalid' && r.report_id !== null);
      stats.acknowledged += acked.length;
      if (options.ackFile && acked.length > 0)
        appendFileSync(options.ackFile, acked.map((r) => `${logger.id}\t${r.report_id}\n`).join(''));
      if (interval > 0) {
        next += interval;
        const wait = next - Date.now();
        if (wait > 0) await sleep(Math.min(wait, Math.max(0, deadline - Date.now())));
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: options.clients }, (_, i) => runSender(i)));
  } finally {
    clearInterval(progress);
  }
  stats.elapsedMs = Date.now() - started;
  stats.loggers = loggerCount;
  return stats;
}

interface ResultItem {
  report_id: string | null;
  status: 'created' | 'duplicate' | 'invalid';
}

/**
 * What a logger does when its player wants to bind it to an account (decision 0017): registers itself unless it has
 * a token already, then asks for a one-time binding code, which it shows so the player can type the logger id and
 * the code into the site.
 */
export async function requestBindingCode(options: {
  url: string;
  /** The token of a logger registered earlier; without it a new logger registers itself. */
  token?: string;
  playerName?: string;
  timeoutMs?: number;
}): Promise<{ client_id?: string; client_token?: string; code: string; expires_at: string }> {
  const url = options.url.replace(/\/$/, '');
  const timeouts = { timeoutMs: options.timeoutMs ?? 10_000, giveUpMs: 60_000 };
  const post = (path: string, init: RequestInit) =>
    sendWithRetries(`${url}/api/c_report/${path}`, { method: 'POST', ...init }, timeouts, () => {});
  let registered: { client_id: string; client_token: string } | undefined;
  if (!options.token) {
    registered = (await post('clients', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ player_name: options.playerName ?? 'Simulated angler', version: 'simulator' }),
    })) as typeof registered;
    if (!registered) throw new SimulatorError(`${url}: logger registration failed`);
  }
  const token = options.token ?? registered!.client_token;
  const answer = (await post('clients/binding_code', { headers: { authorization: `Bearer ${token}` } })) as
    { code: string; expires_at: string } | undefined;
  if (!answer) throw new SimulatorError(`${url}: no binding code`);
  return { ...registered, ...answer };
}

/** The p-th percentile (0–100) of a list of durations, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
