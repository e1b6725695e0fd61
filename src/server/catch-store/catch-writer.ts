/**
 * The one writer of catches, sales and official records, whichever way they arrive: the loggers' HTTP batches, the
 * records import (route and CLI), demo seeding and the benchmark's loader. Every path judges items the same way and
 * inserts them the same way, so none can drift from another (decision 0009):
 *
 * 1. judge, before any transaction: each item against its zod schema (`judgeItems`: unknown fields and wrong types
 *    are errors, nothing is coerced), the time window (`reportTimeError`) and the catalogue in memory (ids exist,
 *    fish on the map, weight range, map bounds); then duplicates within the batch by (logger, key);
 * 2. one transaction (shared with the batches that arrived meanwhile: group-commit.ts; for catches on a SQLite
 *    file, run on the commit thread: decision 0016): multi-row inserts (`insertIgnoringConflicts`, chunked under the
 *    dialects' bind-parameter limits) with `on conflict do nothing` on the unique (logger, report_id) / source_id,
 *    `returning` the keys actually inserted, so the database decides created vs duplicate, also against concurrent
 *    uploads;
 * 3. the answer, per item and in order, once the transaction has committed.
 *
 * Inside the transaction only database work runs: no awaits on anything else (decision 0009).
 */
import type { Kysely, Transaction } from 'kysely';
import {
  CatchItem,
  type CatchBatchResponse,
  OfficialRecordItem,
  type RecordImportResponse,
  SaleItem,
} from '#shared/contracts/catches';
import { insertIgnoringConflicts } from '../db/bulk-insert';
import { GroupCommit, type GroupCommitObserver } from './group-commit';
import type { Database } from '../db/schema';
import { checkTime, judgeBatch, type JudgedBatch } from './batch-judging';
import {
  type CatchesCreatedHook,
  type GroupOutcome,
  insertCatchGroup,
  insertInChunks,
  ownedKey,
} from './catch-inserts';
import { NO_TRUST_RULES, type TrustRules } from './catch-trust';
import { catalogueErrors, type IngestionCatalogue, type IngestionCatalogueView } from './catalogue-rules';
import { catchRow, type NewCatchRow, type NewSaleRow, recordRow, saleRow } from './rows';
import { RATE_REASON, type RefusalCount, type RefusalLog, refusalReason } from './refusal-log';

/** The fields of a catch item: the reasons a refused catch may be stored under (refusal-log.ts). */
const CATCH_FIELDS: ReadonlySet<string> = new Set(Object.keys(CatchItem.shape));

/** An item and the logger it comes from: the bulk entry points take the items of many loggers at once. */
export interface OwnedItem {
  loggerId: string;
  item: unknown;
}

/**
 * Stores a group of catches in one transaction and answers the `ownedKey`s created and those refused by a logger's
 * rate. Rejects when nothing was stored.
 */
export type CatchGroupCommitter = (rows: readonly NewCatchRow[]) => Promise<GroupOutcome>;

export interface CatchWriterOptions {
  /** The server's clock (epoch ms): the time rules and `created_at`. Tests fix it. */
  clock?: () => number;
  onCatchesCreated?: CatchesCreatedHook;
  /**
   * Where catch groups are committed (the catch-commit thread: catch-store.ts); by default on `db`'s connection
   * with `onCatchesCreated`, which it is handed as `onThisConnection`.
   */
  commitCatches?: (rows: readonly NewCatchRow[], onThisConnection: CatchGroupCommitter) => Promise<GroupOutcome>;
  /** The plausibility limits and the probation of new loggers (decision 0039); none by default. */
  trustRules?: TrustRules;
  /** Told each commit queue's depth and group commit times, by table (the metrics). */
  observeCommits?: (table: 'catch' | 'sale') => GroupCommitObserver;
  /** Where refused catches are counted for the moderation console (decision 0041); not counted without it. */
  refusals?: RefusalLog;
}

/**
 * Rows per group commit (group-commit.ts): twenty full batches. A larger group dirties barely more pages than a
 * smaller one (each catch touches a page in every index), so it costs less per catch: with 32 loggers uploading,
 * groups of up to 10,000 gave 21,500–23,400 reports/s where 5,000 gave 20,200–20,900 (SQLite, decision 0016).
 * SQLite's write lock is held about 300 ms for a full group, on the commit thread: the event loop does not wait.
 */
const MAX_GROUP_ROWS = 10_000;

export class CatchWriter {
  private readonly clock: () => number;
  private readonly onCatchesCreated: CatchesCreatedHook | undefined;
  private readonly commitCatchGroup: CatchGroupCommitter;
  private readonly catchCommits: GroupCommit<readonly NewCatchRow[], GroupOutcome>;
  private readonly saleCommits: GroupCommit<readonly NewSaleRow[], Set<string>>;
  private readonly refusals: RefusalLog | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: IngestionCatalogue,
    options: CatchWriterOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.onCatchesCreated = options.onCatchesCreated;
    this.refusals = options.refusals;
    const rules = options.trustRules ?? NO_TRUST_RULES;
    const onThisConnection: CatchGroupCommitter = (rows) =>
      this.db.transaction().execute((trx) => insertCatchGroup(trx, rows, this.onCatchesCreated, undefined, rules));
    const { commitCatches } = options;
    this.commitCatchGroup = commitCatches ? (rows) => commitCatches(rows, onThisConnection) : onThisConnection;
    this.catchCommits = new GroupCommit(
      (jobs) => this.commitCatches(jobs),
      MAX_GROUP_ROWS,
      options.observeCommits?.('catch'),
    );
    this.saleCommits = new GroupCommit(
      (jobs) => this.commitSales(jobs),
      MAX_GROUP_ROWS,
      options.observeCommits?.('sale'),
    );
  }

  /**
   * A logger's batch of catches (`POST /c_report/catches`): `items` as received (unknown: each is judged here).
   * Resolves after the commit with the contract's answer; rejects only when the database does (a busy database:
   * nothing of the batch is stored, and re-sending it is safe).
   */
  writeCatches(loggerId: string, items: readonly unknown[]): Promise<CatchBatchResponse> {
    return this.catches(items, () => loggerId);
  }

  /**
   * Bulk catches of many loggers (demo seeding, the benchmark's loader): judged exactly as uploads are, any number
   * of items in one transaction. Every `loggerId` must be a registered logger (the transaction may be shared with
   * concurrent uploads, which an unknown id would fail with it). A tool that shares a SQLite file with
   * a running server holds the write lock for the whole call, so it should pass at most 500 items per call.
   */
  writeCatchesOfMany(entries: readonly OwnedItem[]): Promise<CatchBatchResponse> {
    return this.catches(
      entries.map((entry) => entry.item),
      (i) => entries[i]!.loggerId,
    );
  }

  /** A logger's batch of sales (`POST /c_report/sales`): as `writeCatches`. */
  writeSales(loggerId: string, items: readonly unknown[]): Promise<CatchBatchResponse> {
    return this.sales(items, () => loggerId);
  }

  /** Bulk sales of many loggers: as `writeCatchesOfMany`. */
  writeSalesOfMany(entries: readonly OwnedItem[]): Promise<CatchBatchResponse> {
    return this.sales(
      entries.map((entry) => entry.item),
      (i) => entries[i]!.loggerId,
    );
  }

  /**
   * Official records (`POST /records/import`, `npm run records:import`, demo seeding), idempotent by `source_id`:
   * judged like catches (their measured fields may be absent), any number per call, one transaction per call.
   */
  async writeRecords(items: readonly unknown[]): Promise<RecordImportResponse> {
    const now = this.clock();
    const catalogue = await this.catalogue.view();
    const batch = judgeBatch(OfficialRecordItem, items, 'source_id', noOwner, (record, errors) => {
      checkTime('caught_at', record.caught_at, now, errors);
      catalogueErrors(record, catalogue, errors);
    });
    const rows = batch.accepted.map(({ value }) => recordRow(value, now));
    const created = await this.inTransaction(rows, (trx) =>
      insertInChunks(rows, async (chunk) => {
        const inserted = await insertIgnoringConflicts(trx, 'official_record', chunk, ['source_id'], ['source_id']);
        return inserted.map((row) => ownedKey('', row.source_id));
      }),
    );
    return batch.answer(created);
  }

  private async catches(items: readonly unknown[], ownerOf: (i: number) => string): Promise<CatchBatchResponse> {
    const now = this.clock();
    const { batch, rows } = judgeCatches(items, ownerOf, await this.catalogue.view(), now);
    const { created, refused } =
      rows.length === 0
        ? { created: new Set<string>(), refused: new Map() }
        : await this.catchCommits.submit(rows, rows.length);
    const answer = batch.answer(created, refused);
    if (this.refusals && answer.invalid > 0) await this.refusals.record(this.refusalCounts(answer, ownerOf, refused));
    return answer;
  }

  /** The batch's refused catches per logger and reason (`rate` for those its logger's rate refused). */
  private refusalCounts(
    answer: CatchBatchResponse,
    ownerOf: (i: number) => string,
    byRate: ReadonlyMap<string, unknown>,
  ): RefusalCount[] {
    const hour = this.refusals!.hourNow();
    const counts = new Map<string, RefusalCount>();
    answer.results.forEach((result, i) => {
      if (result.status !== 'invalid') return;
      const owner = ownerOf(i);
      const rated = result.report_id !== null && byRate.has(ownedKey(owner, result.report_id));
      const reason = rated ? RATE_REASON : refusalReason(result.errors, CATCH_FIELDS);
      const key = `${owner} ${reason}`;
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { hour, client_id: owner, reason, count: 1 });
    });
    return [...counts.values()];
  }

  private async sales(items: readonly unknown[], ownerOf: (i: number) => string): Promise<CatchBatchResponse> {
    const { batch, rows } = judgeSales(items, ownerOf, this.clock());
    const created = rows.length === 0 ? new Set<string>() : await this.saleCommits.submit(rows, rows.length);
    return batch.answer(created);
  }

  /** One transaction for a group of catch batches: the inserts, then the hook with the rows that were new. */
  private async commitCatches(jobs: (readonly NewCatchRow[])[]): Promise<GroupOutcome[]> {
    const { rows, claims } = firstClaims(jobs);
    const { created, refused } = await this.commitCatchGroup(rows);
    return claims.map((claimed) => ({
      created: new Set([...claimed].filter((key) => created.has(key))),
      refused: new Map([...claimed].flatMap((key) => (refused.has(key) ? [[key, refused.get(key)!] as const] : []))),
    }));
  }

  /** One transaction for a group of sale batches. */
  private async commitSales(jobs: (readonly NewSaleRow[])[]): Promise<Set<string>[]> {
    const { rows, claims } = firstClaims(jobs);
    const inserted = await this.db.transaction().execute((trx) =>
      insertInChunks(rows, async (chunk) => {
        const news = await insertIgnoringConflicts(
          trx,
          'sale',
          chunk,
          ['client_id', 'report_id'],
          ['client_id', 'report_id'],
        );
        return news.map((row) => ownedKey(row.client_id, row.report_id));
      }),
    );
    return claims.map((claimed) => new Set([...claimed].filter((key) => inserted.has(key))));
  }

  /** One transaction for the whole call; none at all when nothing is valid. */
  private inTransaction(
    rows: readonly unknown[],
    work: (trx: Transaction<Database>) => Promise<Set<string>>,
  ): Promise<Set<string>> {
    if (rows.length === 0) return Promise.resolve(new Set());
    return this.db.transaction().execute(work);
  }
}

const noOwner = () => '';

/**
 * Judges a batch of catches as every path does (schema, time window, catalogue, duplicates within the batch) and
 * answers the rows to insert beside the judged batch. Exported for the bulk load's generators (catch-bulk-load.ts),
 * which judge on threads of their own.
 */
export function judgeCatches(
  items: readonly unknown[],
  ownerOf: (i: number) => string,
  catalogue: IngestionCatalogueView,
  now: number,
): { batch: JudgedBatch<CatchItem, 'report_id'>; rows: NewCatchRow[] } {
  const batch = judgeBatch(CatchItem, items, 'report_id', ownerOf, (item, errors) => {
    checkTime('caught_at', item.caught_at, now, errors);
    catalogueErrors(item, catalogue, errors);
  });
  return { batch, rows: batch.accepted.map(({ owner, value }) => catchRow(value, owner, now)) };
}

/** Judges a batch of sales as every path does (schema, time window, duplicates within the batch); as `judgeCatches`. */
export function judgeSales(
  items: readonly unknown[],
  ownerOf: (i: number) => string,
  now: number,
): { batch: JudgedBatch<SaleItem, 'report_id'>; rows: NewSaleRow[] } {
  const batch = judgeBatch(SaleItem, items, 'report_id', ownerOf, (sale, errors) =>
    checkTime('sold_at', sale.sold_at, now, errors),
  );
  return { batch, rows: batch.accepted.map(({ owner, value }) => saleRow(value, owner, now)) };
}

/**
 * The rows a group inserts, each (logger, report_id) once: a key's first job in the group claims it, so a retry that
 * lands in the same group as its original is answered `duplicate`, exactly as if the two had been committed apart.
 */
function firstClaims<R extends { client_id: string; report_id: string }>(
  jobs: readonly (readonly R[])[],
): { rows: R[]; claims: Set<string>[] } {
  const seen = new Set<string>();
  const rows: R[] = [];
  const claims = jobs.map((jobRows) => {
    const claimed = new Set<string>();
    for (const row of jobRows) {
      const key = ownedKey(row.client_id, row.report_id);
      if (seen.has(key)) continue;
      seen.add(key);
      claimed.add(key);
      rows.push(row);
    }
    return claimed;
  });
  return { rows, claims };
}
