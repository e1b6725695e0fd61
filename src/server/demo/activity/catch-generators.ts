/**
 * The demo catches of a bulk load, and the sales of their chunk, generated and judged on worker threads
 * (catch-generator-worker.ts) while the seed's thread stores the chunks before them: generating a catch (about 8 µs)
 * and judging it by the writer's rules (about 11 µs) cost six times storing it without indexes, so on one thread the
 * store would wait for them (decision 0022). Chunks come back in the order asked, whichever thread made them; each is
 * the same as `demoCatchChunk` and `demoSaleChunk` on this thread would make it (their own seeded streams).
 */
import type { Worker } from 'node:worker_threads';
import { type IngestionCatalogueView, judgeCatches, judgeSales, type NewSaleRow } from '../../catch-store/catch-store';
import { startModuleWorker } from '../../module-worker';
import type { DemoLogger } from './demo-loggers';
import { demoCatchChunk, demoSaleChunk, type TimeSlice } from './simulate-catches';

export interface GeneratorSettings {
  loggers: readonly DemoLogger[];
  /** The catalogue the catches are judged against (the writer's view of it, as plain data a thread can receive). */
  catalogue: IngestionCatalogueView;
  now: number;
}

export interface ChunkRequest {
  chunk: number;
  from: number;
  count: number;
  slice: TimeSlice;
}

/** A chunk's catches as one flat list of values, `columns.length` per row (the catch store's bulk insert); its sales. */
export interface GeneratedChunk {
  columns: string[];
  values: unknown[];
  sales: NewSaleRow[];
}

export type ChunkAnswer = { ready: true } | ({ id: number } & (GeneratedChunk | { error: string }));

/**
 * Generates and judges one chunk's catches and sales; an item the writer's rules refuse is a generator bug, answered
 * as the error.
 */
export function generateChunk(
  { chunk, from, count, slice }: ChunkRequest,
  settings: GeneratorSettings,
): GeneratedChunk | { error: string } {
  const owned = demoCatchChunk(chunk, from, count, settings.loggers, slice);
  const catches = judgeCatches(
    owned.map((c) => c.item),
    (i) => owned[i]!.loggerId,
    settings.catalogue,
    settings.now,
  );
  const sold = demoSaleChunk(chunk, count, settings.loggers, slice);
  const sales = judgeSales(
    sold.map((s) => s.item),
    (i) => sold[i]!.loggerId,
    settings.now,
  );
  for (const [what, { batch, rows }, wanted] of [
    ['catch', catches, count],
    ['sale', sales, sold.length],
  ] as const) {
    const answer = batch.answer(new Set());
    if (answer.invalid > 0 || rows.length !== wanted) {
      const first = answer.results.find((r) => r.status !== 'duplicate');
      return { error: `demo activity: the writer's rules refused a generated ${what}: ${JSON.stringify(first)}` };
    }
  }
  const rows = catches.rows;
  const columns = Object.keys(rows[0]!);
  const values: unknown[] = new Array(rows.length * columns.length);
  let at = 0;
  for (const row of rows) for (const value of Object.values(row)) values[at++] = value;
  return { columns, values, sales: sales.rows };
}

/** Just the fields the writer's rules read, so the catalogue crosses to a thread as a small structured clone. */
export function plainCatalogue(view: IngestionCatalogueView): IngestionCatalogueView {
  return {
    fish: new Map(
      [...view.fish].map(([id, { data }]) => [
        id,
        { data: { min_weight: data.min_weight, max_weight: data.max_weight, maps: [...data.maps] } },
      ]),
    ),
    maps: new Map([...view.maps].map(([id, { data }]) => [id, { data: { bounds: { ...data.bounds } } }])),
    baits: new Map([...view.baits.keys()].map((id) => [id, true])),
  };
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve(chunk: GeneratedChunk): void; reject(error: Error): void }>;
}

export class CatchGenerators {
  private nextId = 1;

  private constructor(
    private readonly threads: Thread[],
    private readonly settings: GeneratorSettings,
  ) {}

  /** `threads` workers; with 0 (or when none starts) chunks are generated on this thread. */
  static async start(settings: GeneratorSettings, threads: number): Promise<CatchGenerators> {
    const started = await Promise.all(Array.from({ length: threads }, () => startThread(settings)));
    return new CatchGenerators(
      started.filter((thread): thread is Thread => thread !== undefined),
      settings,
    );
  }

  /** The chunk, from the thread with the fewest chunks waiting. */
  generate(request: ChunkRequest): Promise<GeneratedChunk> {
    if (this.threads.length === 0) {
      const answer = generateChunk(request, this.settings);
      return 'error' in answer ? Promise.reject(new Error(answer.error)) : Promise.resolve(answer);
    }
    const thread = this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, request });
    });
  }

  async stop(): Promise<void> {
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }
}

function startThread(settings: GeneratorSettings): Promise<Thread | undefined> {
  return new Promise((resolve) => {
    const worker = startModuleWorker(import.meta.url, 'catch-generator-worker', settings);
    const thread: Thread = { worker, pending: new Map() };
    const fail = (error: Error) => {
      resolve(undefined);
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on('message', (answer: ChunkAnswer) => {
      if ('ready' in answer) return resolve(thread);
      const waiting = thread.pending.get(answer.id);
      thread.pending.delete(answer.id);
      if ('error' in answer) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer);
    });
    worker.on('error', fail);
    worker.once('exit', () => fail(new Error('a demo catch generator thread exited')));
  });
}
