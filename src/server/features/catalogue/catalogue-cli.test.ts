import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { testPackage, writeTestPackage } from '../../test/catalogue-packages';
import { cliPgUrl, cliTarget, pgAdmin, runCli } from '../../test/cli-sandbox';
import { addLogger, catchRow, insertCatches } from '../../test/log-test-data';
import { SqlCatalogueImporter } from './catalogue-importer';
import { packTarGz } from './package/pack-package';

describe('npm run catalogue:import | export | rollback', () => {
  let dataDir: string;
  let pgSchema: string;
  const open = () => openDatabase(cliTarget(dataDir), cliPgUrl ? { pgSchema } : {});

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'anglerdex-catalogue-cli-'));
    pgSchema = `t_cat_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const db = await open();
    try {
      await migrateToLatest(db);
    } finally {
      await db.close();
    }
  });
  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (cliPgUrl) await pgAdmin(`drop schema if exists ${pgSchema} cascade`);
  });

  const run = (...args: string[]) =>
    runCli('src/server/features/catalogue/catalogue-cli.ts', args, { dataDir, pgSchema });

  async function versionCount(): Promise<number> {
    const db = await open();
    try {
      return (await db.kysely.selectFrom('catalogue_version').select('id').execute()).length;
    } finally {
      await db.close();
    }
  }

  /** Applies packages in this process, as a setup step (each command run costs seconds). */
  async function applyHere(...patches: { patch: string; rename?: string }[]) {
    const db = await open();
    try {
      const importer = new SqlCatalogueImporter({
        db: db.kysely,
        mediaDir: path.join(dataDir, 'media'),
        catalogue: { refresh: async () => undefined },
      });
      for (const { patch, rename } of patches) {
        const { load } = await testPackage({
          patch,
          edit: (groups) => void (rename && (groups.baits[0]!.name_en = rename)),
        });
        expect((await importer.apply(load, 'test')).version).not.toBeNull();
      }
    } finally {
      await db.close();
    }
  }

  it('import: dry-runs, applies, and refuses a package printing every problem', async () => {
    const first = await testPackage({ patch: '1.0.0' });
    const v1 = await writeTestPackage(path.join(dataDir, 'v1'), first);

    // The loader reads archives as well as folders: the dry run is of the same package as a .tar.gz.
    const archive = path.join(dataDir, 'v1.tar.gz');
    writeFileSync(archive, await packTarGz(v1, { top: 'v1' }));
    const dry = await run('import', archive, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('package: Test game 1.0.0');
    expect(dry.stdout).toContain('added: 432');
    expect(await versionCount()).toBe(0);

    const applied = await run('import', v1);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('applied as version 1 (patch 1.0.0)');

    // A catch of the first fish: a package that removes it is refused, as is one with a map id twice.
    const fish = first.pkg.groups.fish[0]!;
    const db = await open();
    try {
      const logger = await addLogger(db.kysely);
      await insertCatches(db.kysely, [catchRow(logger, { fish_id: fish.id, map_id: fish.data.maps[0]! })]);
    } finally {
      await db.close();
    }
    const bad = await testPackage({
      patch: '1.1.0',
      edit: (groups) => {
        groups.fish.shift();
        groups.baits[0]!.name_en = 'Renamed';
      },
    });
    const refused = await run('import', await writeTestPackage(path.join(dataDir, 'bad'), bad));
    expect(refused.code).toBe(1);
    const lines = refused.stdout.split('\n');
    expect(lines).toContain(
      `fish.json, item ${fish.id}: the package removes this item but 1 catches, 0 sales and 0 official records still ` +
        'reference it: keep it in the package with "deprecated": true',
    );
    expect(refused.stdout).toMatch(/ {6}name_en: ".*" -> "Renamed"/);
    expect(refused.stdout).toContain('refused: nothing was changed');

    // The loader's problems, every one of them, each with its place; no diff for a package that does not load.
    const broken = await testPackage({
      patch: '1.1.0',
      edit: (groups) => {
        groups.fish[0]!.id = groups.maps[0]!.id;
        groups.fish[1]!.data.maps = [4242];
      },
    });
    const unreadable = await run('import', await writeTestPackage(path.join(dataDir, 'broken'), broken), '--dry-run');
    expect(unreadable.code).toBe(1);
    const map = broken.pkg.groups.maps[0]!.id;
    expect(unreadable.stdout.split('\n')).toEqual([
      `fish.json, item ${broken.pkg.groups.fish[1]!.id}, data.maps.0: map 4242 is not in maps.json`,
      `maps.json, item ${map}, id: id ${map} is also used in fish.json: ids are unique across all groups`,
      '',
    ]);
    expect(await versionCount()).toBe(1);
  }, 240_000);

  it('rollback lists versions or restores one; export writes a package that imports as unchanged', async () => {
    await applyHere({ patch: '1.0.0' }, { patch: '1.1.0', rename: 'Renamed' });

    const listed = await run('rollback');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^1 1\.0\.0 \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      expect.stringMatching(/^2 1\.1\.0 \d{4}-/),
    ]);
    expect(await versionCount()).toBe(2);

    const exportDir = path.join(dataDir, 'export');
    const exported = await run('export', exportDir);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`exported version 2 to ${exportDir}`);
    const reimported = await run('import', exportDir);
    expect(reimported.stdout).toContain('unchanged: the package holds exactly the live catalogue');
    expect(reimported.stdout).toContain('nothing applied');
    expect(await versionCount()).toBe(2);

    const back = await run('rollback', '1');
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toContain('applied as version 3 (patch 1.0.0)');

    const unknown = await run('rollback', '99');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no catalogue version 99');
    expect(await versionCount()).toBe(3);
  }, 240_000);
});
