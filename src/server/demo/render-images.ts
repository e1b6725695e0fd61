import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { buildBaitIconSvg } from './painter/bait-icon-svg';
import type { CategoryRow } from './generate-world';
import { buildMapSvg } from './painter/map-svg';
import { DEMO_MAPS } from './world/maps';

async function writePng(svg: string, file: string): Promise<void> {
  // compressionLevel 6 (not 9): the maps are large and 9 costs much more time for a few percent of size.
  await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toFile(file);
}

/**
 * Renders the pictures the demo catalogue points at: <mediaDir>/maps/<id>.png for every map row (size from its data)
 * and <mediaDir>/baits/<fish_way id>.png for every bait type. The pictures come from the world definition, so a map
 * row whose id is not a demo map is skipped. Files are always rewritten: rendering is fast and deterministic.
 */
export async function renderDemoImages(rows: CategoryRow[], mediaDir: string): Promise<void> {
  const mapsDir = path.join(mediaDir, 'maps');
  const baitsDir = path.join(mediaDir, 'baits');
  await Promise.all([mkdir(mapsDir, { recursive: true }), mkdir(baitsDir, { recursive: true })]);

  const jobs: Array<() => Promise<void>> = [];
  for (const row of rows) {
    if (row.group_type === 'maps') {
      const map = DEMO_MAPS.find((m) => m.id === row.id);
      const data = JSON.parse(row.data) as { width: number; height: number };
      if (!map) continue;
      // The row is the contract: draw at the size it declares.
      const sized = { ...map, width: data.width, height: data.height };
      jobs.push(() => writePng(buildMapSvg(sized), path.join(mapsDir, `${row.id}.png`)));
    } else if (row.group_type === 'fish_way') {
      jobs.push(() => writePng(buildBaitIconSvg(row.id), path.join(baitsDir, `${row.id}.png`)));
    }
  }
  // libvips renders each SVG on its own threads; two at a time keeps both cores busy without piling up memory.
  const queue = [...jobs];
  const worker = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all([worker(), worker()]);
}
