/**
 * One alert job run at a time (decision 0036). PostgreSQL, where several instances share the database: a session
 * advisory lock, tried (never waited for) on a connection held for the run; another instance's run in progress makes
 * this one skip its turn, and a crashed instance's lock goes with its connection. The key pairs a constant with the
 * schema's name, so deployments (or test files) in other schemas of one database never exclude each other. SQLite
 * serves one instance: a flag in the process keeps a slow run and the next tick apart. Either way the database's
 * unique (member, fish, day) rule, not the lock, is what keeps an alert from being raised twice.
 */
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/database';
import type { Database } from '../../db/schema';

/** The advisory lock's first key (any constant the project uses for nothing else; partitions use 170029). */
const ALERTS_LOCK = 250_036;

export class JobLock {
  private held = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` holding the lock and answers its result; `null` without running it when the lock is taken. */
  async whileHeld<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.held) return null;
    this.held = true;
    try {
      if (dialectOf(this.db) === 'sqlite') return await work();
      return await this.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ got: boolean }>`
          select pg_try_advisory_lock(${ALERTS_LOCK}, hashtext(current_schema())) as got`.execute(connection);
        if (!rows[0]?.got) return null;
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${ALERTS_LOCK}, hashtext(current_schema()))`.execute(connection);
        }
      });
    } finally {
      this.held = false;
    }
  }
}
