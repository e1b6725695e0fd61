/**
 * PostgreSQL's backup as docs/operations.md ("Backups") tells it: `pg_dump --format=custom` of the app's schema,
 * restored with `pg_restore` into a database of its own, as onto a new server. Data goes in through the app (a user,
 * loggers, catches, sales, and what they derive: the heat map's rollups); afterwards every table of the schema holds
 * the same rows in both databases, the restored one needs no migration, and an app on it takes new uploads (its
 * sequences came along) and knows the old ones (duplicates). Runs under `npm run test:pg` only.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CatchBatchResponse } from '#shared/contracts/catches';
import { buildApp } from '../app';
import { signedIn } from '../test/accounts';
import { catchPlace, validCatch, validSale } from '../test/catch-fixtures';
import { pgAdmin } from '../test/cli-sandbox';
import { createTestApp } from '../test/test-app';
import { openDatabase } from './database';
import { migrateToLatest } from './migrator';

const execFileAsync = promisify(execFile);
const pgUrl = process.env.TEST_DATABASE_URL;

/** Every row of every table of `schema`, each table's rows as sorted JSON texts. */
async function contents(url: string, schema: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
      [schema],
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`select to_jsonb(t)::text as row from ${schema}."${name}" t`);
      result[name] = rows.rows.map((r) => r.row).sort();
    }
    return result;
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgUrl)('pg_dump and pg_restore of the app schema', () => {
  it('restores every table into another database, where the app goes on', async () => {
    const ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000' } });
    const folder = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-pg-dump-'));
    const target = `anglerdex_restore_${randomBytes(6).toString('hex')}`;
    const targetUrl = new URL(pgUrl!);
    targetUrl.pathname = `/${target}`;
    let created = false;
    try {
      const schema = ctx.db.schema!;
      const place = catchPlace(await ctx.services.catalogue.view());
      await signedIn(ctx.app);
      const logger = (
        await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: { player_name: 'Dump' } })
      ).json<{ client_id: string; client_token: string }>();
      const send = (app: typeof ctx.app, kind: 'catches' | 'sales', items: unknown[]) =>
        app.inject({
          method: 'POST',
          url: `/api/c_report/${kind}`,
          headers: { authorization: `Bearer ${logger.client_token}` },
          payload: { items },
        });
      const batches = Array.from({ length: 4 }, () => Array.from({ length: 50 }, () => validCatch(place)));
      for (const items of batches) expect((await send(ctx.app, 'catches', items)).json().created).toBe(50);
      expect((await send(ctx.app, 'sales', [validSale(), validSale()])).json().created).toBe(2);

      const dump = path.join(folder, 'anglerdex.dump');
      await execFileAsync('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, pgUrl!]);
      await pgAdmin(`create database ${target}`);
      created = true;
      await execFileAsync('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${targetUrl}`, dump]);

      const before = await contents(pgUrl!, schema);
      const after = await contents(targetUrl.toString(), schema);
      expect(before.catch).toHaveLength(200);
      expect(before.sale).toHaveLength(2);
      expect(before.users).toHaveLength(1);
      expect(before.heat_cell_day!.length).toBeGreaterThan(0);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);

      const restored = await openDatabase({ dialect: 'postgres', url: targetUrl.toString() }, { pgSchema: schema });
      expect(await migrateToLatest(restored)).toEqual([]);
      const { app } = await buildApp({ config: ctx.config, db: restored, logger: false });
      try {
        await app.ready();
        const more = await send(app, 'catches', [validCatch(place), validCatch(place)]);
        expect(CatchBatchResponse.parse(more.json()).created).toBe(2);
        expect((await send(app, 'catches', batches[0]!)).json().duplicates).toBe(50);
      } finally {
        await app.close();
      }
    } finally {
      await ctx.close();
      if (created) await pgAdmin(`drop database if exists ${target} with (force)`);
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
