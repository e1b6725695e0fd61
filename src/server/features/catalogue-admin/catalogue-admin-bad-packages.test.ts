/**
 * Every bad package an operator can upload (package/bad-packages.ts: one per problem an upload can raise), through the
 * admin routes of a site that already holds a catalogue, catches and heat-map rollups: each dry run and each apply
 * answers 422 with the problem's code, and the catalogue, its versions and audit, the pictures folder, the heat
 * rollups and the bounds they were counted with are exactly as before. The PostgreSQL suite runs this file too.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_PROBLEM_CODES } from '#shared/catalogue-problem-codes';
import { CatalogueDryRun } from '#shared/contracts/catalogue-package';
import { signedIn } from '../../test/accounts';
import { catchPlace, validCatch } from '../../test/catch-fixtures';
import { heatTestMaps } from '../../test/heat-catches';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type BadPackage, badPackages, UPLOAD_UNTESTABLE_CODES } from '../catalogue/package/bad-packages';

let ctx: TestContext;
let token: string;
const cases = badPackages();

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_IP_PER_MINUTE: '100000', CATALOGUE_ADMIN_PER_MINUTE: '100000' } });
  const boss = await signedIn(ctx.app);
  await ctx.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', boss.user.id).execute();
  token = boss.token;

  // Catches on two maps through the app's writer, so the heat rollups and their counted bounds exist.
  const view = await ctx.services.catalogue.view();
  const place = catchPlace(view);
  const logger = (await ctx.app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} })).json<{
    client_id: string;
  }>().client_id;
  const items = heatTestMaps(view, 2, 2).flatMap((map, m) =>
    Array.from({ length: 20 }, (_, i) =>
      validCatch(place, {
        map_id: map.mapId,
        fish_id: map.fishIds[i % map.fishIds.length],
        weight: map.minWeight.get(map.fishIds[i % map.fishIds.length]!),
        star_type: 0,
        x: map.bounds.x_min + ((i + 0.5) / 20) * (map.bounds.x_max - map.bounds.x_min),
        y: map.bounds.y_min + ((m + 0.5) / 2) * (map.bounds.y_max - map.bounds.y_min),
      }),
    ),
  );
  expect((await ctx.services.catchWriter.writeCatches(logger, items)).invalid).toBe(0);
  await ctx.services.heatRollups.ensureWindows();
  await ctx.services.heatRollups.ensureBounds();
}, 120_000);
afterAll(() => ctx?.close());

const upload = (route: 'dry-run' | 'apply', bytes: Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/${route}`,
    payload: bytes,
    // The route reads zip and gzip alike; the type a browser sends for either is accepted.
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
  });

/** Everything a refused package must leave as it was. */
async function state() {
  const db = ctx.db.kysely;
  const all = <T extends 'category' | 'catalogue_version' | 'catalogue_audit' | 'heat_map_version'>(table: T) =>
    db.selectFrom(table).selectAll().execute();
  const rollups = await db
    .selectFrom('heat_cell_day')
    .selectAll()
    .orderBy(['map_id', 'day', 'star_type', 'cell'])
    .execute();
  const windows = await db.selectFrom('heat_cell_window').select(db.fn.countAll().as('rows')).executeTakeFirstOrThrow();
  const packed = await db
    .selectFrom('heat_window_packed')
    .selectAll()
    .orderBy(['map_id', 'days', 'star_type'])
    .execute();
  const pictures = await readdir(path.join(ctx.config.dataDir, 'media', 'catalogue')).catch(() => []);
  return {
    category: await all('category'),
    versions: await all('catalogue_version'),
    audit: await all('catalogue_audit'),
    bounds: await all('heat_map_version'),
    rollups,
    windows: Number(windows.rows),
    packed,
    pictures: pictures.sort(),
  };
}

describe('every bad package, uploaded to a live site', () => {
  it('covers every problem code an upload can raise', () => {
    const covered = new Set(cases.map((c) => c.code));
    const missing = PACKAGE_PROBLEM_CODES.filter(
      (code) => !covered.has(code) && !UPLOAD_UNTESTABLE_CODES.includes(code),
    );
    expect(missing).toEqual([]);
  });

  it('starts from a site with catches and heat rollups', async () => {
    const before = await state();
    expect(before.category.length).toBeGreaterThan(400);
    expect(before.rollups.length).toBeGreaterThan(0);
    expect(before.bounds.length).toBeGreaterThan(0);
  });

  it.each(cases.map((c) => [c.name, c] as [string, BadPackage]))(
    '%s: refused with its problem, nothing changed',
    async (_name, bad) => {
      const bytes = await bad.bytes();
      const before = await state();

      const dry = await upload('dry-run', bytes);
      expect(dry.statusCode).toBe(200);
      const report = CatalogueDryRun.parse(dry.json());
      expect(report.ok).toBe(false);
      expect(report.problems.map((problem) => problem.code)).toContain(bad.code);

      const applied = await upload('apply', bytes);
      expect(applied.statusCode).toBe(422);
      const detail = applied.json<{ detail: { code: string; problems: { code: string }[] } }>().detail;
      expect(detail.code).toBe('CATALOGUE_PACKAGE_REFUSED');
      expect(detail.problems.map((problem) => problem.code)).toContain(bad.code);

      expect(await state()).toEqual(before);
    },
    30_000,
  );
});
