/**
 * Catalogue import on a grown database (issue 21's budget, docs/design.md §6): a package of 50 maps with their pictures,
 * 1,000 fish and 5,000 baits, loaded, dry-run and applied on the 5 M-catch demo world, on SQLite and PostgreSQL; then
 * the next patch (100 fish with new star weights, 500 baits renamed, 20 fish added, 10 deprecated) the same way, and a
 * rollback to the world's own catalogue. Map bounds are left as they are: the rebuild of a moved map is measured by
 * catalogue-rebuild.ts. Each cycle runs three times; the table shows the median and the spread.
 *
 *   npx tsx scripts/bench/catalogue-import.ts [--catches 5000000] [--only sqlite|postgres] [--runs 3]
 *
 * The packages are written once into `data/bench-catalogue/` (the 50 map pictures are 1024 × 1024 noise, about 3 MB
 * each, so the package weighs what a real one would); the worlds are the shared bench worlds (lib/bench-world.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { PackageGroups } from '#shared/contracts/catalogue-package';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrator';
import { demoPackageDir } from '../../src/server/demo/demo-package';
import { createRng } from '../../src/server/demo/prng';
import { SqlCatalogueImporter } from '../../src/server/features/catalogue/catalogue-importer';
import { loadCataloguePackage } from '../../src/server/features/catalogue/package/load-package';
import { packTarGz } from '../../src/server/features/catalogue/package/pack-package';
import type { LoadedPackage } from '../../src/server/features/catalogue/package/package-types';
import { writeCataloguePackage } from '../../src/server/features/catalogue/package/write-package';
import { numberOption, option, reachable } from './lib/bench-helpers';
import { type BenchDialect, ensureBenchWorld } from './lib/bench-world';

const CATCHES = numberOption('catches', 5_000_000);
const RUNS = numberOption('runs', 3);
const ONLY = option('only', '');
const root = path.resolve(import.meta.dirname, '../..');
const workDir = path.join(root, 'data/bench-catalogue');
const TARGET = { maps: 50, fish: 1000, baits: 5000 };

async function loaded(source: { path: string } | { bytes: Buffer }): Promise<LoadedPackage> {
  const load = await loadCataloguePackage(source);
  if (!load.ok) throw new Error(`bench package refused: ${JSON.stringify(load.problems.slice(0, 5))}`);
  return load.pkg;
}

async function noisePicture(seed: number): Promise<Buffer> {
  const random = createRng(seed).next;
  const pixels = Buffer.alloc(1024 * 1024 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(random() * 256);
  return sharp(pixels, { raw: { width: 1024, height: 1024, channels: 3 } })
    .png()
    .toBuffer();
}

/** The demo world grown to the budget's size: its own items kept (stored catches reference them), more added. */
async function budgetPackages(): Promise<{ first: string; next: string }> {
  const first = path.join(workDir, 'patch-1');
  const next = path.join(workDir, 'patch-2');
  if (existsSync(path.join(next, 'manifest.json'))) return { first, next };
  await rm(workDir, { recursive: true, force: true });
  const demo = await loaded({ path: await demoPackageDir() });
  const groups: PackageGroups = structuredClone(demo.groups);
  const images = new Map([...demo.images].map(([rel, image]) => [rel, image.bytes]));
  const random = createRng(21).next;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  for (let i = groups.maps.length; i < TARGET.maps; i++) {
    const id = 3001 + i;
    const image = `images/maps/bench-${id}.png`;
    images.set(image, await noisePicture(id));
    groups.maps.push({
      id,
      name: `测试地图${id}`,
      name_en: `Bench map ${id}`,
      name_ja: `ベンチ地図${id}`,
      sort: 100 + i,
      data: { image, width: 1024, height: 1024, bounds: { x_min: 0, y_min: 0, x_max: 1000, y_max: 1000 } },
    });
  }
  const mapIds = groups.maps.map((map) => map.id);
  const template = groups.fish[0]!;
  for (let i = groups.fish.length; i < TARGET.fish; i++) {
    const id = 4001 + i;
    groups.fish.push({
      ...structuredClone(template),
      id,
      name: `测试鱼${id}`,
      name_en: `Bench fish ${id}`,
      name_ja: `ベンチ魚${id}`,
      sort: 1000 + i,
      data: {
        ...structuredClone(template.data),
        maps: [pick(mapIds), pick(mapIds)].filter((v, k, a) => a.indexOf(v) === k),
      },
    });
  }
  const baitTemplates = groups.baits;
  for (let i = baitTemplates.length; i < TARGET.baits; i++) {
    const like = pick(baitTemplates.slice(0, 232));
    const id = 10001 + i;
    groups.baits.push({
      ...structuredClone(like),
      id,
      name: `测试饵${id}`,
      name_en: `Bench bait ${id}`,
      sort: 1000 + i,
    });
  }
  await writeCataloguePackage(first, {
    game: 'Anglerdex bench',
    patch: 'bench-1',
    createdAt: '2026-01-01T00:00:00Z',
    groups,
    images,
  });

  // The next patch: what a game patch changes.
  const changed: PackageGroups = structuredClone(groups);
  for (const fish of changed.fish.slice(0, 100))
    fish.data.star_weights = fish.data.star_weights.map((star) => ({
      ...star,
      min_weight: Math.min(fish.data.max_weight, Math.round(star.min_weight * 1.05)),
    }));
  for (const bait of changed.baits.slice(0, 500)) bait.name_en = `${bait.name_en ?? bait.name} II`;
  for (const fish of changed.fish.slice(200, 210)) fish.deprecated = true;
  for (let i = 0; i < 20; i++)
    changed.fish.push({ ...structuredClone(template), id: 9001 + i, name: `新鱼${i}`, sort: 5000 + i });
  await writeCataloguePackage(next, {
    game: 'Anglerdex bench',
    patch: 'bench-2',
    createdAt: '2026-02-01T00:00:00Z',
    groups: changed,
    images,
  });
  return { first, next };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const figure = (values: number[]) =>
  `${(median(values) / 1000).toFixed(2)} s (${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)})`;

async function timed<T>(times: Map<string, number[]>, step: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  times.set(step, [...(times.get(step) ?? []), performance.now() - started]);
  return result;
}

async function bench(dialect: BenchDialect, packages: { first: string; next: string }): Promise<void> {
  const world = await ensureBenchWorld(CATCHES, dialect);
  const db = await openDatabase(world.config.database, { pgSchema: world.pgSchema });
  await migrateToLatest(db);
  const mediaDir = path.join(workDir, `media-${dialect}`);
  await mkdir(mediaDir, { recursive: true });
  const importer = new SqlCatalogueImporter({ db: db.kysely, mediaDir, catalogue: { refresh: async () => undefined } });
  const archive = await packTarGz(packages.first);
  const times = new Map<string, number[]>();
  let base: number | null = null;
  try {
    for (let run = 0; run < RUNS; run++) {
      const first = await timed(times, 'load patch 1 (folder)', () => loaded({ path: packages.first }));
      await timed(times, 'load patch 1 (.tar.gz bytes, the upload)', () => loaded({ bytes: archive }));
      const dry = await timed(times, 'dry run patch 1 (after load)', () => importer.dryRun({ ok: true, pkg: first }));
      if (!dry.ok) throw new Error(`dry run refused: ${JSON.stringify(dry.problems.slice(0, 3))}`);
      const applied = await timed(times, 'apply patch 1 (after load)', () =>
        importer.apply({ ok: true, pkg: first }, 'bench'),
      );
      if (!applied.version) throw new Error('patch 1 made no version');
      const versions = await importer.versions();
      base ??= versions.items.find((version) => version.id < applied.version!.id)?.id ?? null;
      await timed(times, 'apply patch 1 again (unchanged)', () => importer.apply({ ok: true, pkg: first }, 'bench'));
      const next = await timed(times, 'load patch 2 (folder)', () => loaded({ path: packages.next }));
      await timed(times, 'dry run patch 2 (after load)', () => importer.dryRun({ ok: true, pkg: next }));
      await timed(times, 'apply patch 2 (after load)', () => importer.apply({ ok: true, pkg: next }, 'bench'));
      if (base === null) throw new Error('no version to roll back to');
      await timed(times, 'rollback to the world’s catalogue', () => importer.rollback(base!, 'bench'));
    }
  } finally {
    await db.close();
  }
  console.log(`\n### ${dialect}, ${CATCHES.toLocaleString('en')} catches: ${RUNS} runs, median (min–max)\n`);
  console.log('| step | time |');
  console.log('|---|---:|');
  for (const [step, values] of times) console.log(`| ${step} | ${figure(values)} |`);
  const sum = (steps: string[]) => steps.map((step) => median(times.get(step)!)).reduce((a, b) => a + b, 0);
  console.log(
    `\nbudget: dry run with its load ${(sum(['load patch 1 (folder)', 'dry run patch 1 (after load)']) / 1000).toFixed(2)} s (≤ 5 s),` +
      ` apply with its load ${(sum(['load patch 1 (folder)', 'apply patch 1 (after load)']) / 1000).toFixed(2)} s (≤ 10 s)`,
  );
}

const packages = await budgetPackages();
console.log(`packages: ${TARGET.maps} maps with pictures, ${TARGET.fish} fish, ${TARGET.baits} baits in ${workDir}`);
if (ONLY !== 'postgres') await bench('sqlite', packages);
if (ONLY !== 'sqlite') {
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await reachable(url)) await bench('postgres', packages);
  else console.log(`PostgreSQL: skipped (${url} is not reachable)`);
}
