/**
 * `npm run catches:prune` as an operator runs it: a child process on a database of its own (cli-sandbox.ts). Bad or
 * too small `--older-than` → one line and exit 2; a prune of a database with old catches removes them and says so.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { cliPgUrl, cliTarget, pgAdmin, runCli } from '../test/cli-sandbox';
import { addLogger, catchRow, insertCatches } from '../test/log-test-data';

const DAY = 86_400_000;
let dataDir: string;
const pgSchema = `t_prune_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const open = () => openDatabase(cliTarget(dataDir), cliPgUrl ? { pgSchema } : {});
const run = (...args: string[]) => runCli('src/server/catch-store/catches-prune-cli.ts', args, { dataDir, pgSchema });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-prune-cli-'));
  const db = await open();
  try {
    await migrateToLatest(db);
    const loggerId = await addLogger(db.kysely);
    // Straight into the table (no catch_key rows: nothing here resends them), 600 days old and 1 day old.
    await insertCatches(db.kysely, [
      catchRow(loggerId, { caught_at: Date.now() - 600 * DAY }),
      catchRow(loggerId, { caught_at: Date.now() - 600 * DAY + 1 }),
      catchRow(loggerId, { caught_at: Date.now() - DAY }),
    ]);
  } finally {
    await db.close();
  }
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (cliPgUrl) await pgAdmin(`drop schema if exists ${pgSchema} cascade`);
});

describe('npm run catches:prune', () => {
  it('refuses bad arguments and an --older-than below 400d in one line, exit 2', async () => {
    for (const args of [[], ['--older-than', '400'], ['--older-than', '399d'], ['--older-than', '400d', '--nope']]) {
      const { code, stdout, stderr } = await run(...args);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^catches:prune: /);
    }
  });

  it('prints what would go with --dry-run, then removes it', async () => {
    const dry = await run('--older-than', '400d', '--dry-run');
    expect(dry).toMatchObject({ code: 0, stderr: '' });
    expect(dry.stdout).toMatch(/^would remove 2 catches caught before \d{4}-\d\d-\d\dT00:00:00\.000Z/);
    const real = await run('--older-than', '400d');
    expect(real).toMatchObject({ code: 0, stderr: '' });
    expect(real.stdout).toMatch(/^removed 2 catches/);
    const db = await open();
    try {
      expect(await db.kysely.selectFrom('catch').select('id').execute()).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
