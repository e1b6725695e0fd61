import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import { ensureBenchWorld, worldLabel } from './bench-world';

// A tiny bench world (2,000 catches) in a temporary folder, on SQLite, or on PostgreSQL under `npm run test:pg`
// (schema bench_world_0_002m, dropped afterwards): seeded on first use, reused on the next.
const pgUrl = process.env.TEST_DATABASE_URL;
const dialect = pgUrl ? 'postgres' : 'sqlite';
const root = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-bench-world-'));
const CATCHES = 2000;

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema if exists bench_world_${worldLabel(CATCHES)} cascade`);
    await client.end();
  }
});

describe('bench worlds', () => {
  it('labels worlds by millions of catches', () => {
    expect(worldLabel(5_000_000)).toBe('5m');
    expect(worldLabel(300_000)).toBe('0_3m');
  });

  it('seeds a world on first use and reuses it afterwards', async () => {
    const first = await ensureBenchWorld(CATCHES, dialect, { root, pgUrl, progress: () => {} });
    expect(first.seededMs).toBeGreaterThan(0);
    expect(first.env.DATA_DIR).toBe(path.join(root, `data/bench-world-0_002m${pgUrl ? '-pg' : ''}`));
    const again = await ensureBenchWorld(CATCHES, dialect, { root, pgUrl, progress: () => {} });
    expect(again.seededMs).toBeUndefined();

    const db = await openDatabase(again.config.database, { pgSchema: again.pgSchema });
    try {
      const catches = await db.kysely
        .selectFrom('catch')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(catches.n)).toBe(CATCHES);
      if (pgUrl) expect(db.schema).toBe('bench_world_0_002m');
    } finally {
      await db.close();
    }
  });
});
