/**
 * SQLite: catch groups committed on a thread of their own (decision 0016). better-sqlite3 runs every statement on
 * the thread that calls it, and a group's inserts, indexes and rollup take about 46 µs per catch: on the event loop
 * that left the server's thread no time for HTTP, parsing and judging beyond ~16,000 reports/s. Here a worker with
 * its own writer connection runs the same `insertCatchGroup` and rollup (catch-commit-worker.ts) while the event loop
 * parses and judges the next batches.
 *
 * Started on the first group, so a server that receives no catches never starts it. Should the worker fail to
 * start, `available()` says so and the writer commits on its own connection as before; should it die later, the
 * groups in flight are rejected as a busy database (503: nothing of them was committed, re-sending is safe, SQLite
 * rolls back a transaction whose connection went away) and the next group starts a new worker.
 */
import type { Worker } from 'node:worker_threads';
import { WRITER_THREAD_EXITED } from '../db/errors';
import { startModuleWorker } from '../module-worker';
import type {
  CommitAnswer,
  CommitRequest,
  CommitWorkerSettings,
  RebuildRequest,
  WindowsRequest,
} from './catch-commit-worker';
import type { GroupOutcome } from './catch-inserts';
import type { TrustRules } from './catch-trust';
import type { Bounds } from './heat-grid';
import type { NewCatchRow } from './rows';

const startWorker = (settings: CommitWorkerSettings): Worker =>
  startModuleWorker(import.meta.url, 'catch-commit-worker', settings);

interface Pending {
  resolve(answer: GroupOutcome | boolean): void;
  reject(error: Error): void;
}

export class CatchCommitThread {
  private worker: Worker | undefined;
  private ready: Promise<boolean> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private unavailable = false;

  /** `settings` is read when a worker starts (the busy timeout may have changed: tests shorten it). */
  constructor(
    private readonly settings: () => CommitWorkerSettings,
    private readonly warn: (message: string) => void = (message) => process.emitWarning(message),
  ) {}

  /** Starts the worker if needed; false when it cannot run here (the caller commits on its own connection). */
  available(): Promise<boolean> {
    if (this.unavailable) return Promise.resolve(false);
    this.ready ??= this.start();
    return this.ready;
  }

  /**
   * Commits the group on the thread under `rules` (catch-trust.ts); resolves with the `ownedKey`s created and those
   * refused. Call after `available()` said true.
   */
  commit(
    rows: readonly NewCatchRow[],
    maps: [number, Bounds][],
    now: number,
    rules: TrustRules,
  ): Promise<GroupOutcome> {
    return this.send((id) => ({ id, rows: rows as NewCatchRow[], maps, now, rules })) as Promise<GroupOutcome>;
  }

  /**
   * Builds a map's heat-map windows ending in day `endDay` on the thread (HeatWindows.build); resolves whether it
   * built them. Call after `available()` said true.
   */
  buildWindows(mapId: number, bounds: Bounds, endDay: number, now: number): Promise<boolean> {
    return this.send((id) => ({ id, windows: { mapId, bounds, endDay, now } })) as Promise<boolean>;
  }

  /**
   * Recounts a map's heat-map rollup and window sums for new bounds on the thread (HeatRollups.rebuildMap); resolves
   * whether it rebuilt. Call after `available()` said true.
   */
  rebuildMap(mapId: number, bounds: Bounds, now: number): Promise<boolean> {
    return this.send((id) => ({ id, rebuild: { mapId, bounds, now } })) as Promise<boolean>;
  }

  private send(
    request: (id: number) => CommitRequest | WindowsRequest | RebuildRequest,
  ): Promise<GroupOutcome | boolean> {
    const worker = this.worker;
    if (!worker) return Promise.reject(exitedError());
    const id = this.nextId++;
    // The worker keeps the process alive only while a request is on it.
    if (this.pending.size === 0) worker.ref();
    return new Promise<GroupOutcome | boolean>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(request(id));
    });
  }

  /** Lets the groups in flight finish, then closes the worker's connection. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage('stop');
    await exited;
  }

  private start(): Promise<boolean> {
    return new Promise<boolean>((resolveReady) => {
      let started = false;
      const worker = startWorker(this.settings());
      this.worker = worker;
      worker.unref();
      worker.on('message', (answer: CommitAnswer) => {
        if ('ready' in answer) {
          started = true;
          resolveReady(true);
          return;
        }
        const waiting = this.pending.get(answer.id);
        this.pending.delete(answer.id);
        if (this.pending.size === 0) worker.unref();
        if ('created' in answer)
          waiting?.resolve({ created: new Set(answer.created), refused: new Map(answer.refused) });
        else if ('built' in answer) waiting?.resolve(answer.built);
        else waiting?.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      });
      worker.on('error', (error) => {
        if (started) this.warn(`catch-commit thread failed, a new one starts with the next group: ${error.message}`);
        else {
          this.unavailable = true;
          this.warn(`catch-commit thread could not start, catches are committed on the event loop: ${error.message}`);
          resolveReady(false);
        }
      });
      worker.once('exit', () => {
        if (this.worker === worker) {
          this.worker = undefined;
          this.ready = undefined;
        }
        for (const waiting of this.pending.values()) waiting.reject(exitedError());
        this.pending.clear();
        if (!started) resolveReady(false);
      });
    });
  }
}

function exitedError(): Error {
  return Object.assign(new Error('the catch-commit thread exited during the commit'), { code: WRITER_THREAD_EXITED });
}
