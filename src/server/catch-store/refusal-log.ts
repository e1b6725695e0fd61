/**
 * The catches refused at ingestion, stored per UTC hour, logger and reason (`catch_refusal`, migration 0026, decision
 * 0041) for the moderation console: its overview's share refused by reason and its loggers' refused counts. The
 * writer hands each batch's refusals over once its answer is known; the batches that arrive while an upsert runs go
 * into the next one together (group-commit.ts), so a flood of refused batches costs one small statement per group,
 * never one per item, and a batch without refusals costs nothing.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ItemError } from '#shared/contracts/catches';
import type { Database } from '../db/schema';
import { GroupCommit } from './group-commit';

const HOUR_MS = 60 * 60 * 1000;
/** Rows per upsert statement: far under both databases' bind-parameter limits (4 per row). */
const ROWS_PER_STATEMENT = 500;
/** The reason of a catch refused by its logger's rate (catch-trust.ts). */
export const RATE_REASON = 'rate';

/** One logger's refusals of one reason in one hour. */
export interface RefusalCount {
  hour: number;
  client_id: string;
  reason: string;
  count: number;
}

/**
 * The reason an invalid item is stored under: the top-level field its first error names when `fields` knows it (a
 * client inventing keys cannot grow the reasons), else `item` (as the ingestion metrics label it).
 */
export function refusalReason(errors: readonly ItemError[] | undefined, fields: ReadonlySet<string>): string {
  const field = errors?.[0]?.field.split(/[.[]/, 1)[0] ?? '';
  return fields.has(field) ? field : 'item';
}

export class RefusalLog {
  private readonly upserts: GroupCommit<RefusalCount[], void>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
    private readonly warn: (message: string, error: unknown) => void = () => {},
  ) {
    this.upserts = new GroupCommit((jobs) => this.write(jobs), 10_000);
  }

  /** The hour (epoch ms of its start) a refusal made now is counted in. */
  hourNow(): number {
    return Math.floor(this.clock() / HOUR_MS) * HOUR_MS;
  }

  /**
   * Adds a batch's refusals; resolves once stored. A failure is reported and swallowed: the batch itself is
   * committed and answered whatever happens here, and a lost count is not worth failing an upload for.
   */
  async record(counts: readonly RefusalCount[]): Promise<void> {
    if (counts.length === 0) return;
    try {
      await this.upserts.submit([...counts], counts.length);
    } catch (error) {
      this.warn('could not store the refused catches', error);
    }
  }

  private async write(jobs: RefusalCount[][]): Promise<void[]> {
    // Merged per key and sorted, so two instances' upserts take their rows in one order (no deadlock).
    const merged = new Map<string, RefusalCount>();
    for (const job of jobs)
      for (const count of job) {
        const key = `${count.hour} ${count.client_id} ${count.reason}`;
        const entry = merged.get(key);
        if (entry) entry.count += count.count;
        else merged.set(key, { ...count });
      }
    const rows = [...merged.keys()].sort().map((key) => merged.get(key)!);
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
        await trx
          .insertInto('catch_refusal')
          .values(rows.slice(i, i + ROWS_PER_STATEMENT))
          .onConflict((oc) =>
            oc
              .columns(['hour', 'client_id', 'reason'])
              .doUpdateSet({ count: sql<number>`catch_refusal.count + excluded.count` }),
          )
          .execute();
    });
    return jobs.map(() => undefined);
  }
}
