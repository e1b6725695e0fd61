/**
 * The row-at-a-time inserter of the catch-commit thread: it stores the rows a multi-row `on conflict do nothing`
 * would, answers exactly those, binds booleans as 1/0, and refuses an undefined value. A real SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteRowInserter } from './sqlite-row-inserts';
import { openSqliteWriter } from './sqlite-writer';

interface Row {
  owner: string;
  key: string;
  flag: boolean;
  note: string | null;
}

let dir: string;
let sqlite: SQLite.Database;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'row-inserts-'));
  sqlite = openSqliteWriter(path.join(dir, 'test.db'));
  sqlite.exec(
    'create table t (id integer primary key, owner text not null, key text not null, flag integer not null, note text); ' +
      'create unique index t_owner_key on t (owner, key)',
  );
});
afterEach(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = (owner: string, key: string, flag = true, note: string | null = null): Row => ({ owner, key, flag, note });
const stored = () => sqlite.prepare('select owner, key, flag, note from t order by id').all();

describe('sqliteRowInserter', () => {
  it('stores new rows, skips those already stored, and answers the stored ones only', () => {
    const insert = sqliteRowInserter<Row>(sqlite, 't', ['owner', 'key']);
    const first = [row('a', '1'), row('a', '2', false, 'n'), row('b', '1')];
    expect(sqlite.transaction(() => insert(first))()).toEqual(first);

    const again = [row('a', '2', true, 'changed'), row('c', '1', false)];
    expect(sqlite.transaction(() => insert(again))()).toEqual([again[1]]);

    // The conflicting row kept what was stored first; booleans as 1/0.
    expect(stored()).toEqual([
      { owner: 'a', key: '1', flag: 1, note: null },
      { owner: 'a', key: '2', flag: 0, note: 'n' },
      { owner: 'b', key: '1', flag: 1, note: null },
      { owner: 'c', key: '1', flag: 0, note: null },
    ]);
  });

  it('answers nothing for no rows', () => {
    expect(sqliteRowInserter<Row>(sqlite, 't', ['owner', 'key'])([])).toEqual([]);
  });

  it('refuses an undefined value and rolls the transaction back whole', () => {
    const insert = sqliteRowInserter<Row>(sqlite, 't', ['owner', 'key']);
    const bad = [row('a', '1'), { owner: 'a', key: '2', flag: true, note: undefined } as unknown as Row];
    expect(() => sqlite.transaction(() => insert(bad))()).toThrow(/note is undefined/);
    expect(stored()).toEqual([]);
  });

  it('fails on a constraint other than the conflict target, like the multi-row statement', () => {
    const insert = sqliteRowInserter<Row>(sqlite, 't', ['owner', 'key']);
    const bad = [row('a', '1'), { owner: null, key: '2', flag: true, note: null } as unknown as Row];
    expect(() => sqlite.transaction(() => insert(bad))()).toThrow(/NOT NULL/);
    expect(stored()).toEqual([]);
  });
});
