import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertDemoCatalogue } from '../../test/demo-catalogue';
import { SqlCatalogueImporter } from '../../features/catalogue/catalogue-importer';
import { cliPgUrl, cliTarget, pgAdmin } from '../../test/cli-sandbox';
import { type Db, openDatabase } from '../database';
import { migrateTo, migrateToLatest } from '../migrator';

let dataDir: string;
let pgSchema: string;
let db: Db;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-0014-'));
  pgSchema = `t_m14_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  db = await openDatabase(cliTarget(dataDir), cliPgUrl ? { pgSchema } : {});
});
afterEach(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (cliPgUrl) await pgAdmin(`drop schema if exists ${pgSchema} cascade`);
});

it('records an existing catalogue as version 1, the base a rollback returns to', async () => {
  await migrateTo(db, '0013-heat-windows');
  await insertDemoCatalogue(db.kysely);
  const before = await db.kysely.selectFrom('category').select(['id', 'name', 'data']).orderBy('id').execute();

  // 0014 first; later migrations (0015-heat-rollup-bounds) run after it.
  expect((await migrateToLatest(db))[0]).toBe('0014-catalogue-versions');
  const versions = await db.kysely.selectFrom('catalogue_version').selectAll().execute();
  expect(versions).toHaveLength(1);
  expect(versions[0]).toMatchObject({
    id: 1,
    game: 'Anglerdex demo',
    patch: 'initial',
    kind: 'import',
    restored_from: null,
    applied_by: 'migration',
    package_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  const content = JSON.parse(versions[0]!.content) as { groups: Record<string, { id: number }[]> };
  expect(Object.values(content.groups).flat()).toHaveLength(before.length);
  const rows = await db.kysely.selectFrom('category').select(['deprecated', 'introduced_in']).execute();
  expect(rows.every((row) => !row.deprecated && row.introduced_in === null)).toBe(true);
  expect(await db.kysely.selectFrom('catalogue_audit').select(['version_id', 'actor']).execute()).toEqual([
    { version_id: 1, actor: 'migration' },
  ]);

  // The importer reads the migration's content as its own: the live catalogue is version 1's, unchanged.
  const importer = new SqlCatalogueImporter({
    db: db.kysely,
    mediaDir: path.join(dataDir, 'media'),
    catalogue: { refresh: async () => undefined },
  });
  expect(await importer.previewRollback(1)).toMatchObject({ ok: true, unchanged: true });
  expect(await importer.versions()).toMatchObject({ live: 1 });
});

it('records nothing for an empty catalogue and marks an operator catalogue as of an unknown game', async () => {
  await migrateTo(db, '0013-heat-windows');
  await migrateToLatest(db);
  expect(await db.kysely.selectFrom('catalogue_version').selectAll().execute()).toEqual([]);

  const other = await openDatabase(
    cliTarget(path.join(dataDir, 'other')),
    cliPgUrl ? { pgSchema: `${pgSchema}_b` } : {},
  );
  try {
    await migrateTo(other, '0013-heat-windows');
    await other.kysely
      .insertInto('category')
      .values({
        id: 1,
        group_type: 'fish_way',
        name: '活饵',
        name_en: null,
        name_ja: null,
        name_pinyin: 'huo er',
        letter: 'H',
        letter_en: '#',
        sort: 1,
        data: '{}',
      })
      .execute();
    await migrateToLatest(other);
    expect(await other.kysely.selectFrom('catalogue_version').select(['id', 'game', 'patch']).execute()).toEqual([
      { id: 1, game: 'unknown', patch: 'initial' },
    ]);
  } finally {
    await other.close();
    if (cliPgUrl) await pgAdmin(`drop schema if exists ${pgSchema}_b cascade`);
  }
});
