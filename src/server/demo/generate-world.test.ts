import { describe, expect, it } from 'vitest';
import { CategoryItem, type FishData, type MapData } from '#shared/contracts/catalogue';
import { generateDemoWorld, type CategoryRow } from './generate-world';
import { DEMO_FISH } from './world/fish';
import { DEMO_MAPS } from './world/maps';

const rows = generateDemoWorld();
const group = (g: string): CategoryRow[] => rows.filter((r) => r.group_type === g);
const data = <T>(row: CategoryRow): T => JSON.parse(row.data) as T;
const byName = (g: string, name: string): CategoryRow => {
  const row = group(g).find((r) => r.name === name);
  if (!row) throw new Error(`no ${g} named ${name}`);
  return row;
};

describe('generateDemoWorld', () => {
  it('gives the same seeded values on every run and machine (pinned: saved links and heat maps rely on them)', () => {
    const carp = byName('fish', '鲤鱼');
    expect(carp.id).toBe(1000);
    expect(data<FishData>(carp)).toMatchObject({
      star_weights: [
        { star_type: 446, min_weight: 12400 },
        { star_type: 447, min_weight: 16800 },
        { star_type: 448, min_weight: 19400 },
        { star_type: 449, min_weight: 23700 },
        { star_type: 450, min_weight: 29700 },
        { star_type: 451, min_weight: 32900 },
        { star_type: 452, min_weight: 37500 },
      ],
      maps: [100, 101, 102, 104, 105, 106, 111, 113, 114, 115],
    });
    const catfish = byName('fish', '黄颡鱼');
    expect(catfish.id).toBe(1042);
    expect(data<FishData>(catfish).maps).toEqual([104, 111, 114]);
    expect(byName('maps', '镜湖').id).toBe(100);
  });

  it('has the promised amounts', () => {
    expect(group('maps').length).toBeGreaterThanOrEqual(12);
    expect(group('fish').length).toBeGreaterThanOrEqual(120);
    expect(group('baits').length).toBeGreaterThanOrEqual(200);
    expect(group('star_type').map((r) => r.id)).toEqual([0, 446, 447, 448, 449, 450, 451, 452]);
    expect(group('fish_way').length).toBeGreaterThanOrEqual(10);
  });

  it('gives every row a unique id inside its group range, and sorts by list order', () => {
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const ranges: Record<string, [number, number]> = {
      fish_way: [300, 399],
      maps: [100, 199],
      fish: [1000, 1999],
      baits: [2000, 2999],
    };
    for (const [g, [min, max]] of Object.entries(ranges)) {
      for (const row of group(g)) {
        expect(row.id, `${g} ${row.id}`).toBeGreaterThanOrEqual(min);
        expect(row.id, `${g} ${row.id}`).toBeLessThanOrEqual(max);
      }
      expect(group(g).map((r) => r.sort)).toEqual(group(g).map((_, i) => i + 1));
    }
  });

  it('matches the shared catalogue contract', () => {
    for (const row of rows) {
      // `deprecated` and `new_in` come from the database (defaults, the live version), not from the generator.
      const result = CategoryItem.safeParse({ ...row, deprecated: false, new_in: null, data: JSON.parse(row.data) });
      expect(result.success, `${row.group_type} ${row.id}: ${result.error?.message}`).toBe(true);
    }
    for (const g of ['star_type', 'fish_way']) for (const row of group(g)) expect(row.data).toBe('{}');
  });

  it('names everything in three languages, uniquely within a group', () => {
    for (const g of ['star_type', 'fish_way', 'maps', 'fish', 'baits']) {
      for (const key of ['name', 'name_en', 'name_ja'] as const) {
        const names = group(g).map((r) => r[key]?.trim() ?? '');
        expect(
          names.every((n) => n.length > 0),
          `${g}.${key} empty`,
        ).toBe(true);
        const dupes = names.filter((n, i) => names.indexOf(n) !== i);
        expect(dupes, `${g}.${key} duplicates`).toEqual([]);
      }
    }
  });

  it('computes index letters from pinyin and English', () => {
    for (const row of rows) {
      expect(row.letter).toMatch(/^([A-Z]|#)$/);
      expect(row.letter_en).toMatch(/^([A-Z]|#)$/);
    }
    expect(byName('baits', '玉米粒')).toMatchObject({ letter: 'Y', letter_en: 'M' });
    expect(byName('baits', '长铁板')).toMatchObject({ letter: 'C', letter_en: 'L' }); // 长 read cháng here
    expect(byName('baits', '重型旋转亮片')).toMatchObject({ letter: 'Z', letter_en: 'H' }); // 重 read zhòng
    expect(byName('baits', 'T尾软饵')).toMatchObject({ letter: 'T', letter_en: 'T' });
    expect(byName('fish', '鲤鱼')).toMatchObject({ letter: 'L', letter_en: 'C', name_pinyin: 'li yu' });
    expect(byName('baits', '长铁板')).toMatchObject({ name_pinyin: 'chang tie ban' });
    expect(byName('star_type', '未知')).toMatchObject({ letter: 'W', letter_en: 'U' });
  });

  it('spreads the bait list over the A–Z index', () => {
    const baits = group('baits');
    expect(new Set(baits.map((r) => r.letter)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(baits.map((r) => r.letter_en)).size).toBeGreaterThanOrEqual(20);
  });

  it('links baits to existing bait types and their icons', () => {
    const ways = new Set(group('fish_way').map((r) => r.id));
    for (const row of group('baits')) {
      const d = data<{ fish_way: number; image: string }>(row);
      expect(ways.has(d.fish_way), `bait ${row.id}`).toBe(true);
      expect(d.image).toBe(`/media/baits/${d.fish_way}.png`);
    }
  });

  it('describes maps with pictures whose grid cells are square', () => {
    for (const row of group('maps')) {
      const d = data<MapData>(row);
      expect(d.image).toBe(`/media/maps/${row.id}.png`);
      const { x_min, x_max, y_min, y_max } = d.bounds;
      expect(x_max).toBeGreaterThan(x_min);
      expect(y_max).toBeGreaterThan(y_min);
      expect((x_max - x_min) / d.width).toBeCloseTo((y_max - y_min) / d.height, 6);
    }
  });

  it('puts at least 15 species on every map and every species on a map where its habitat exists', () => {
    const mapIds = new Set(group('maps').map((r) => r.id));
    const perMap = new Map<number, number>();
    for (const row of group('fish')) {
      const { maps } = data<FishData>(row);
      expect(maps.length, `fish ${row.id}`).toBeGreaterThanOrEqual(1);
      const fish = DEMO_FISH.find((f) => f.id === row.id);
      for (const mapId of maps) {
        expect(mapIds.has(mapId)).toBe(true);
        const map = DEMO_MAPS.find((m) => m.id === mapId);
        expect(
          fish?.habitats.some((h) => map?.habitats.includes(h)),
          `fish ${row.id} on map ${mapId}`,
        ).toBe(true);
        perMap.set(mapId, (perMap.get(mapId) ?? 0) + 1);
      }
    }
    for (const id of mapIds) expect(perMap.get(id) ?? 0, `map ${id}`).toBeGreaterThanOrEqual(15);
  });

  it('keeps sea fish in the sea and freshwater fish out of it', () => {
    const salty = new Set(DEMO_MAPS.filter((m) => ['sea', 'fjord', 'lagoon'].includes(m.kind)).map((m) => m.id));
    const cod = data<FishData>(byName('fish', '大西洋鳕'));
    const tench = data<FishData>(byName('fish', '丁鱥'));
    expect(cod.maps.every((id) => salty.has(id))).toBe(true);
    expect(tench.maps.some((id) => salty.has(id))).toBe(false);
  });

  it('sets ascending trophy thresholds inside each weight range', () => {
    for (const row of group('fish')) {
      const d = data<FishData>(row);
      expect(d.min_weight).toBeGreaterThan(0);
      expect(d.max_weight).toBeGreaterThan(d.min_weight);
      expect(d.level).toBeGreaterThanOrEqual(1);
      expect(d.level).toBeLessThanOrEqual(7);
      expect(d.star_weights.map((s) => s.star_type)).toEqual([446, 447, 448, 449, 450, 451, 452]);
      let previous = d.min_weight;
      for (const { min_weight } of d.star_weights) {
        expect(min_weight, `fish ${row.id}`).toBeGreaterThan(previous);
        expect(min_weight, `fish ${row.id}`).toBeLessThan(d.max_weight);
        previous = min_weight;
      }
    }
  });
});
