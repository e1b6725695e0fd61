import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAIT_ICON_SIZE } from './bait-icon-svg';
import { generateDemoWorld } from './generate-world';
import { buildMapSvg } from './map-svg';
import { renderDemoImages } from './render-images';
import { DEMO_MAPS } from './world/maps';

const rows = generateDemoWorld();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'anglerdex-media-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('renderDemoImages', () => {
  it('draws the same map picture every time', () => {
    const map = DEMO_MAPS[0];
    if (!map) throw new Error('no maps');
    expect(buildMapSvg(map)).toBe(buildMapSvg(map));
  });

  it('writes a PNG of the declared size for every map and an icon for every bait type', async () => {
    const started = Date.now();
    await renderDemoImages(rows, dir);
    // The budget is 5 s on two cores; allow slow CI machines some slack before calling it a regression.
    expect(Date.now() - started).toBeLessThan(15_000);

    for (const row of rows.filter((r) => r.group_type === 'maps')) {
      const { width, height } = JSON.parse(row.data) as { width: number; height: number };
      const meta = await sharp(path.join(dir, 'maps', `${row.id}.png`)).metadata();
      expect({ id: row.id, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        id: row.id,
        format: 'png',
        width,
        height,
      });
    }
    for (const row of rows.filter((r) => r.group_type === 'fish_way')) {
      const meta = await sharp(path.join(dir, 'baits', `${row.id}.png`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', BAIT_ICON_SIZE, BAIT_ICON_SIZE]);
    }
  });
});
