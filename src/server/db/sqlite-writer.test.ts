import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteWriter, PAGE_SIZE } from './sqlite-writer';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sqlite-writer-'));
  file = path.join(dir, 'anglerdex.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const pageSize = (sqlite: SQLite.Database) => sqlite.pragma('page_size', { simple: true });

describe('a SQLite writer connection', () => {
  it('makes a new database file with 8 KiB pages, in WAL mode', () => {
    const sqlite = openSqliteWriter(file);
    sqlite.exec('create table t (x integer); insert into t values (1)');
    sqlite.close();
    // As the file says, read by a connection that sets nothing.
    const plain = new SQLite(file, { readonly: true });
    expect(PAGE_SIZE).toBe(8192);
    expect(pageSize(plain)).toBe(PAGE_SIZE);
    expect(plain.pragma('journal_mode', { simple: true })).toBe('wal');
    plain.close();
  });

  it('keeps the page size of a database made before, and writes to it', () => {
    const old = new SQLite(file);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    old.exec('create table t (x integer); insert into t values (1)');
    old.close();

    const sqlite = openSqliteWriter(file);
    sqlite.prepare('insert into t values (2)').run();
    expect(pageSize(sqlite)).toBe(4096);
    expect(sqlite.prepare('select count(*) from t').pluck().get()).toBe(2);
    sqlite.close();
  });
});
