/**
 * Whether an answer computed over the catches still holds, checked cheaply, for the readers that keep whole answers
 * (heat map, bait guide). Every batch that stores catches raises its maps' `heat_map_version.changes` in its own
 * transaction (migration 0010), so a reader that reads the counter in the same statement as its counts can later ask,
 * in one statement (one snapshot): has any batch stored catches in this scope since, and did the window — sliding
 * with the clock — leave behind or move into a stretch that holds a stored catch? If neither, a fresh count would give
 * the same answer, for every process sharing the database.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/database';
import { notFromIndex } from '../db/planner-hints';
import type { Database } from '../db/schema';

/** What a kept answer counted: a map's catches, a fish's, or a fish's on one map. */
export interface CatchScope {
  map_id?: number;
  fish_id?: number;
}

/** A `[from, to)` window, epoch ms. */
export type Window = readonly [number, number];

/** The counter of the scope's maps (all maps when none is given), as a scalar subquery for a reader's statement. */
export function changesSql(mapId: number | undefined): RawBuilder<number> {
  const where = mapId === undefined ? sql`` : sql` where map_id = ${mapId}`;
  return sql<number>`(select coalesce(sum(changes), 0) from heat_map_version${where})`;
}

/**
 * Every map's change counter (`heat_map_version.changes`): raised by each batch that stores catches on the map, in its
 * transaction. A reader that keeps the counters it saw learns which maps received catches since, in one small read
 * (the alert job, decision 0036).
 */
export async function mapChanges(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db.selectFrom('heat_map_version').select(['map_id', 'changes']).execute();
  return new Map(rows.map((row) => [Number(row.map_id), Number(row.changes)]));
}

/**
 * Whether what was counted over `window` with the scope's `changes` still holds over `next`: the counter is the same
 * and no catch of the scope lies in `[from, nextFrom)` or `[to, nextTo)`. A window that moved back is never reused.
 */
export async function catchesUnchangedSince(
  db: Kysely<Database>,
  dialect: Dialect,
  scope: CatchScope,
  changes: number,
  [from, to]: Window,
  [nextFrom, nextTo]: Window,
): Promise<boolean> {
  if (nextFrom < from || nextTo < to) return false;
  const anyCatch = (start: number, end: number) => {
    if (start >= end) return sql<number>`0`;
    const conditions = [sql`caught_at >= ${start}`, sql`caught_at < ${end}`];
    // A fish's catches through its index (the map hidden from SQLite's planner, as the readers do); else the map's.
    if (scope.fish_id !== undefined) {
      conditions.unshift(sql`fish_id = ${scope.fish_id}`);
      if (scope.map_id !== undefined)
        conditions.push(sql`${notFromIndex(dialect, 'map_id', 'number')} = ${scope.map_id}`);
    } else if (scope.map_id !== undefined) conditions.unshift(sql`map_id = ${scope.map_id}`);
    return sql<number>`case when exists (select 1 from catch where ${sql.join(conditions, sql` and `)}) then 1 else 0 end`;
  };
  const { rows } = await sql<{ changes: number; moved: number }>`
    select ${changesSql(scope.map_id)} as changes, ${anyCatch(from, nextFrom)} + ${anyCatch(to, nextTo)} as moved
  `.execute(db);
  const row = rows[0]!;
  return Number(row.changes) === changes && Number(row.moved) === 0;
}

/** Whether a reader keeps answers, and how long one is served unchecked after its count or check (ms). */
export interface AnswerKeeping {
  keep: boolean;
  freshMs: number;
}

/** An answer kept with what it counted: the scope's `changes` read with the counts, and the window. */
export interface Kept<T> {
  answer: T;
  changes: number;
  window: Window;
}

/**
 * Answers kept by key, the least recently used going first beyond `max`. Each is checked before it is served (for
 * counts over catches: `catchesUnchangedSince`), except within `freshMs` of its count or last check: then it is
 * served as it is, so a view read by many visitors while loggers upload costs one check or count per `freshMs`, not
 * one per visitor (decision 0033). `freshMs` 0: every serve is checked.
 */
export class KeptAnswers<K> {
  private readonly kept = new Map<string, { value: K; checkedAt: number }>();

  constructor(
    private readonly freshMs = 0,
    private readonly max = 200,
  ) {}

  /**
   * What is kept under `key` if it still holds: served unchecked within `freshMs`, else when `holds` says so (which
   * then starts a new `freshMs`). Times are `performance.now()`, so a test's fixed clock does not freeze them.
   */
  async holding(key: string, holds: (kept: K) => Promise<boolean>): Promise<K | undefined> {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    // Re-inserted: the Map's order is least recently used first.
    this.kept.delete(key);
    this.kept.set(key, kept);
    const asked = performance.now();
    if (asked - kept.checkedAt < this.freshMs) return kept.value;
    if (!(await holds(kept.value))) return undefined;
    kept.checkedAt = asked;
    return kept.value;
  }

  /** Keeps what was counted; `countedAt` is `performance.now()` read before the count began. */
  set(key: string, value: K, countedAt: number): void {
    this.kept.delete(key);
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { value, checkedAt: countedAt });
  }
}
