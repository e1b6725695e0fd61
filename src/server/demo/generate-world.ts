import type { Insertable } from 'kysely';
import type { BaitData, CategoryGroup, FishData, MapData } from '#shared/contracts/catalogue';
import type { CategoryTable } from '../db/schema';
import { assignFishMaps } from './fish-maps';
import { enIndexLetter, zhIndexLetter, zhSortKey } from '../features/catalogue/index-letters';
import { starWeightsFor } from './star-weights';
import { DEMO_BAITS } from './world/baits';
import { DEMO_FISH } from './world/fish';
import { DEMO_FISH_WAYS } from './world/fish-ways';
import { DEMO_MAPS } from './world/maps';
import type { WorldNames } from './world/names';
import { DEMO_STAR_TYPES } from './world/star-types';

/** One row of the `category` table, ready to insert (`data` is JSON text). */
export type CategoryRow = Insertable<CategoryTable>;

/** Public URL of a map picture; render-images.ts writes the file at <mediaDir>/maps/<id>.png. */
function mapImageUrl(mapId: number): string {
  return `/media/maps/${mapId}.png`;
}

/** Public URL of a bait type's icon: one picture per fish_way, shared by all baits of that type. */
function baitImageUrl(fishWayId: number): string {
  return `/media/baits/${fishWayId}.png`;
}

function row(
  group: CategoryGroup,
  index: number,
  item: WorldNames & { id: number },
  data: FishData | MapData | BaitData | Record<string, never>,
): CategoryRow {
  return {
    id: item.id,
    group_type: group,
    name: item.name,
    name_en: item.name_en,
    name_ja: item.name_ja,
    letter: zhIndexLetter(item.name),
    name_pinyin: zhSortKey(item.name),
    letter_en: enIndexLetter(item.name_en),
    sort: index + 1,
    data: JSON.stringify(data),
  };
}

/**
 * The demo catalogue: star types, bait types, maps, fish and baits, in that order. Pure and deterministic (all
 * randomness is seeded), so two runs give deep-equal rows and the ids stay stable across releases.
 */
export function generateDemoWorld(): CategoryRow[] {
  const fishMaps = assignFishMaps(DEMO_FISH, DEMO_MAPS);
  return [
    ...DEMO_STAR_TYPES.map((s, i) => row('star_type', i, s, {})),
    ...DEMO_FISH_WAYS.map((w, i) => row('fish_way', i, w, {})),
    ...DEMO_MAPS.map((m, i) =>
      row('maps', i, m, { image: mapImageUrl(m.id), width: m.width, height: m.height, bounds: { ...m.bounds } }),
    ),
    ...DEMO_FISH.map((f, i) =>
      row('fish', i, f, {
        level: f.level,
        latin: f.latin,
        min_weight: f.min_weight,
        max_weight: f.max_weight,
        star_weights: starWeightsFor(f),
        maps: fishMaps.get(f.id) ?? [],
      }),
    ),
    ...DEMO_BAITS.map((b, i) => row('baits', i, b, { fish_way: b.fish_way, image: baitImageUrl(b.fish_way) })),
  ];
}
