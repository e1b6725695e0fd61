import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache';

let sqlite: SQLite.Database;
beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)');
});
afterEach(() => sqlite.close());

describe('the SQLite statement cache', () => {
  it('prepares a repeated query once', () => {
    const db = withStatementCache(sqlite);
    const first = db.prepare('select n from t');
    expect(db.prepare('select n from t')).toBe(first);
    expect(db.prepare('select n from t where n > 1')).not.toBe(first);
  });

  it('prepares another statement while the cached one is still iterating', () => {
    const db = withStatementCache(sqlite);
    const streaming = db.prepare('select n from t') as SQLite.Statement;
    const rows = streaming.iterate();
    rows.next();
    const other = db.prepare('select n from t') as SQLite.Statement;
    expect(other).not.toBe(streaming);
    expect(other.all()).toHaveLength(3);
    rows.return?.();
  });

  it('keeps the 200 most recently used statements', () => {
    const db = withStatementCache(sqlite);
    const oldest = db.prepare('select 0');
    const recent = db.prepare('select 1');
    for (let i = 2; i <= 200; i++) db.prepare(`select ${i}`);
    // Using `select 1` again makes `select 0` the least recently used one, dropped by the next new statement.
    expect(db.prepare('select 1')).toBe(recent);
    db.prepare('select 201');
    expect(db.prepare('select 1')).toBe(recent);
    expect(db.prepare('select 0')).not.toBe(oldest);
  });
});
