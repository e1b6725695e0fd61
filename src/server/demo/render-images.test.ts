import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoWorld } from './generate-world';
import { BAIT_ICON_SIZE } from './painter/bait-icon-svg';
import { createRng } from './prng';
import { demoBaitTypePicture, demoMapPicture, demoPictures, renderDemoPictures } from './render-images';
import type { Pt } from './water/geometry';
import { waterShapesOf } from './water/water-kinds';
import { wetTest } from './water/water-regions';
import { randomWaterPoint, toPicture } from './water/water-shapes';
import { DEMO_MAPS } from './world/maps';

const rows = generateDemoWorld();
let rendered: Map<string, Buffer>;

// Rendering is the setup every test here reads: done once.
beforeAll(async () => {
  rendered = await renderDemoPictures(demoPictures(rows));
});
const picture = (path: string): Buffer => {
  const bytes = rendered.get(path);
  if (!bytes) throw new Error(`${path} was not rendered`);
  return bytes;
};

/** Water is painted in blues, land in greens, sands, greys and roof reds: blue well above red tells them apart. */
const looksLikeWater = ([r, , b]: readonly number[]): boolean => (b ?? 0) - (r ?? 0) > 20;

describe('renderDemoPictures', () => {
  it('writes a PNG of the declared size for every map and an icon for every bait type', async () => {
    for (const row of rows.filter((r) => r.group_type === 'maps')) {
      const { width, height } = JSON.parse(row.data) as { width: number; height: number };
      const meta = await sharp(picture(demoMapPicture(row.id))).metadata();
      expect({ id: row.id, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        id: row.id,
        format: 'png',
        width,
        height,
      });
    }
    for (const row of rows.filter((r) => r.group_type === 'fish_way')) {
      const meta = await sharp(picture(demoBaitTypePicture(row.id))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', BAIT_ICON_SIZE, BAIT_ICON_SIZE]);
    }
  });

  it.each(DEMO_MAPS.map((m) => [m.id, m] as const))(
    'paints water where catch placement puts catches, and land where it does not (map %i)',
    async (id, map) => {
      const { data, info } = await sharp(picture(demoMapPicture(id)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = ([x, y]: Pt): number[] => {
        const at =
          (Math.min(info.height - 1, Math.floor(y)) * info.width + Math.min(info.width - 1, Math.floor(x))) *
          info.channels;
        return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
      };
      const rng = createRng(id);
      // Reeds, lily pads, piers, boats and bridges are drawn over the water: some catches fall under them (up to 7 %
      // on the reedy river), so the bar is 87.5 %. Water placed upside down scores 14–88 %, mostly far below it.
      const wet = Array.from({ length: 200 }, () => {
        const { x, y } = randomWaterPoint(id, rng);
        return looksLikeWater(pixel(toPicture(map, x, y)));
      });
      expect(wet.filter(Boolean).length, 'catches on water-coloured pixels').toBeGreaterThanOrEqual(175);

      // Land well away from any shore (12 px: the sandy rim and reeds stay out of it).
      const wetOrNear = wetTest(waterShapesOf(map));
      const dry: boolean[] = [];
      while (dry.length < 200) {
        const p: Pt = [rng.range(0, map.width), rng.range(0, map.height)];
        if (!wetOrNear(p, 12)) dry.push(!looksLikeWater(pixel(p)));
      }
      expect(dry.filter(Boolean).length, 'land points on land-coloured pixels').toBeGreaterThanOrEqual(195);
    },
  );
});
