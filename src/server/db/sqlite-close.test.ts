import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sqlite-close-'));
  file = path.join(dir, 'anglerdex.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('closing a SQLite database', () => {
  // A command (the seed, a prune) writes and never reads through the reader. Left behind, its WAL was read back by
  // the next start with the event loop stopped: 2.3 s for a 5 M seed's 2 GB (docs/BENCHMARKS.md).
  it.each([
    ['a reader that served no read', false],
    ['a reader that served reads', true],
  ])('checkpoints and removes the WAL with %s', async (_name, read) => {
    const db = await openDatabase({ dialect: 'sqlite', file });
    await sql`create table t (x integer)`.execute(db.kysely);
    await sql`insert into t values (1), (2)`.execute(db.kysely);
    if (read) await sql`select x from t`.execute(db.reads);
    expect(existsSync(`${file}-wal`)).toBe(true);
    await db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    // What was written is in the database file itself.
    const again = await openDatabase({ dialect: 'sqlite', file });
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(again.reads);
    expect(rows[0]!.n).toBe(2);
    await again.close();
  });
});
