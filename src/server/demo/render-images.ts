/**
 * The demo world's pictures, for the demo package (demo-package.ts): one map picture per map row, at the size the row
 * declares, and one icon per bait type, shared by that type's baits. The one importer of the painter. Each picture is
 * described by its SVG text and rendered to PNG by sharp only when the package is written; the package's pictures
 * reach DATA_DIR/media through the importer, stored under their content hash (`/media/catalogue/<sha256>.png`).
 */
import sharp from 'sharp';
import type { CategoryRow } from './generate-world';
import { buildBaitIconSvg } from './painter/bait-icon-svg';
import { buildMapSvg } from './painter/map-svg';
import { DEMO_MAPS } from './world/maps';

/** A picture's path in the demo package, and the SVG it is drawn from. */
export interface DemoPicture {
  path: string;
  svg: string;
}

export const demoMapPicture = (mapId: number): string => `images/maps/${mapId}.png`;
export const demoBaitTypePicture = (fishWayId: number): string => `images/bait-types/${fishWayId}.png`;

/** The pictures the demo rows need. The maps come from the world definition: a map row that is not a demo map throws. */
export function demoPictures(rows: readonly CategoryRow[]): DemoPicture[] {
  const pictures: DemoPicture[] = [];
  for (const row of rows) {
    if (row.group_type === 'maps') {
      const map = DEMO_MAPS.find((m) => m.id === row.id);
      if (!map) throw new Error(`demo map ${row.id} has no world definition`);
      const data = JSON.parse(row.data) as { width: number; height: number };
      // The row is the contract: draw at the size it declares.
      pictures.push({
        path: demoMapPicture(row.id),
        svg: buildMapSvg({ ...map, width: data.width, height: data.height }),
      });
    } else if (row.group_type === 'fish_way') {
      pictures.push({ path: demoBaitTypePicture(row.id), svg: buildBaitIconSvg(row.id) });
    }
  }
  return pictures;
}

/** Renders each picture to PNG: the bytes by package path, in path order (nothing downstream depends on timing). */
export async function renderDemoPictures(pictures: readonly DemoPicture[]): Promise<Map<string, Buffer>> {
  const rendered = new Map<string, Buffer>();
  const queue = [...pictures];
  // libvips renders each SVG on its own threads; two at a time keeps both cores busy without piling up memory.
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      // compressionLevel 6 (not 9): the maps are large and 9 costs much more time for a few percent of size.
      rendered.set(next.path, await sharp(Buffer.from(next.svg)).png({ compressionLevel: 6 }).toBuffer());
    }
  };
  await Promise.all([worker(), worker()]);
  return new Map([...rendered].sort(([a], [b]) => (a < b ? -1 : 1)));
}
