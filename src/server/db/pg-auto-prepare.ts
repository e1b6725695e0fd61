/**
 * Automatic preparation of the statements a PostgreSQL server runs again and again (decision 0042), as Npgsql's
 * "auto prepare" and pgjdbc's `prepareThreshold` do for their drivers. Kysely sends every statement unnamed, so
 * PostgreSQL parses, analyses and plans it on every call: at 5 M catches the heat map's ten-part read spent
 * 2.2–2.5 ms of its 3–5 ms on planning. A statement text seen `prepareAfter` times in this process gets a name; `pg`
 * then parses it once per connection and binds it after, and PostgreSQL may keep a generic plan for it (its own
 * choice, `plan_cache_mode`).
 *
 * Only parameterised statements are named (a text without parameters may hold several statements, which a prepared
 * statement cannot), and none that reads or returns a table's every column (`select *`, `returning *`): a column a
 * migration adds while an older instance still runs (a rolling deploy) would change a prepared statement's result
 * type, which PostgreSQL refuses. At most `MAX_NAMED` texts per process (each connection keeps a plan per name it
 * used), and the name follows from the text alone, so no connection ever meets one name with two texts.
 */
import pg from 'pg';

/** Distinct texts named at most: the hot reads and writes are a few dozen shapes; lists of ids vary and stay unnamed. */
export const MAX_NAMED = 200;
/** Texts counted at most before the counts start again (texts seen once or twice — lists of ids — must not pile up). */
const MAX_COUNTED = 5_000;

/**
 * `select *`, `select "t".*`, `returning *`, `, "t".*` — not `count(*)`. It also keeps the PostgreSQL bulk insert's
 * `select * from unnest(…)` unnamed (db/bulk-insert.ts), whose result a new column would not change: a candidate to
 * let through, measured first.
 */
const EVERY_COLUMN = /(?:select|returning|,)\s+(?:"[^"]*"\.)?\*/i;

/** Which statement texts have earned a name, and their names: one per opened database, so one per server process. */
export class StatementNames {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly prepareAfter: number,
    private readonly maxNamed = MAX_NAMED,
  ) {}

  /** The name to run `text` under, once it has been asked for `prepareAfter` times; undefined before (or never). */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.prepareAfter <= 0 || this.names.size >= this.maxNamed) return named;
    if (EVERY_COLUMN.test(text)) return undefined;
    const seen = (this.counts.get(text) ?? 0) + 1;
    if (seen < this.prepareAfter) {
      if (this.counts.size >= MAX_COUNTED) this.counts.clear();
      this.counts.set(text, seen);
      return undefined;
    }
    this.counts.delete(text);
    const name = `anglerdex_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

/** `pg.Client#query` seen as one untyped function: its overloads cannot be forwarded one by one. */
type AnyQuery = (...args: unknown[]) => never;

/**
 * A `pg.Client` class (the pool's `Client` option) that runs the statements `names` has named as prepared ones.
 * Anything but "text and parameters" (a query object, a cursor, COPY) passes through unchanged.
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    // One signature of `query`'s many: the rest are handed on as they came.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.nameFor(text);
        if (name !== undefined) {
          return (super.query as unknown as AnyQuery)({ name, text, values }, callback);
        }
      }
      return (super.query as unknown as AnyQuery)(...args);
    }
  } as unknown as typeof pg.Client;
}
