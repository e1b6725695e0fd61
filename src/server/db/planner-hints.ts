/**
 * Steering SQLite's query planner away from an index, the way its documentation describes ("disqualifying WHERE
 * clause terms using unary +", sqlite.org/optoverview.html): `+col = ?` compares the same but is never looked up in
 * an index of `col`. SQLite starts from the index of the filter with the fewest rows even when another index holds
 * every filter column and would read no rows at all; a feature that knows which index answers best hides the other
 * columns this way. PostgreSQL chooses well on its own and estimates such expressions badly, so it gets the column.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './database';

/** `column` as an operand that SQLite will not use an index of; text columns take `|| ''` (no unary + for text). */
export function notFromIndex<T = unknown>(dialect: Dialect, column: string, kind: 'number' | 'text'): RawBuilder<T> {
  if (dialect !== 'sqlite') return sql<T>`${sql.ref(column)}`;
  return kind === 'number' ? sql<T>`+${sql.ref(column)}` : sql<T>`${sql.ref(column)} || ''`;
}

/**
 * The condition of the partial star-type index, which holds trophies only (migration 0028, decision 0043). SQLite
 * uses a partial index only for a query that states the index's own condition as one of its AND terms, literally: it
 * does not infer `star_type <> 0` from `star_type = 446` or `star_type in (…)`. A read that filters by a star type
 * other than 0 adds this beside its filter; it changes no answer. PostgreSQL infers it, and is given it all the same.
 */
export const TROPHIES_ONLY: RawBuilder<boolean> = sql<boolean>`star_type <> 0`;
