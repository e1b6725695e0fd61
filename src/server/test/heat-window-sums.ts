/**
 * What a map's built heat-map windows ending in one day hold, as rows a test compares with a naive count: the
 * all-fish sums are packed rows plus `heat_cell_window` rows added by late catches (catch-store/heat-windows.ts), the
 * fish sums rows. Per (fish, days, trust class, star type, cell) its count; per (fish, days, trust class, star type)
 * its newest catch (packed sums keep the newest per row, not per cell).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Type aliases, not interfaces: a test's row helpers take them as records of numbers.
export type WindowCell = {
  fish_id: number;
  days: number;
  trust_class: number;
  star_type: number;
  cell: number;
  count: number;
};

export type WindowNewest = {
  fish_id: number;
  days: number;
  trust_class: number;
  star_type: number;
  last_at: number;
};

export async function windowSums(
  db: Kysely<Database>,
  mapId: number,
  endDay: number,
): Promise<{ cells: WindowCell[]; newest: WindowNewest[] }> {
  const rows = await db
    .selectFrom('heat_cell_window')
    .select(['fish_id', 'days', 'trust_class', 'star_type', 'cell', 'count', 'last_at'])
    .where('map_id', '=', mapId)
    .where('end_day', '=', endDay)
    .execute();
  const packed = await db
    .selectFrom('heat_window_packed')
    .select(['days', 'trust_class', 'star_type', 'cells', 'last_at'])
    .where('map_id', '=', mapId)
    .where('end_day', '=', endDay)
    .execute();
  const cells = new Map<string, WindowCell>();
  const newest = new Map<string, WindowNewest>();
  const add = (group: Omit<WindowNewest, 'last_at'>, cell: number, count: number, last_at: number) => {
    const { fish_id, days, trust_class, star_type } = group;
    const key = `${fish_id},${days},${trust_class},${star_type},${cell}`;
    const sum = cells.get(key) ?? { fish_id, days, trust_class, star_type, cell, count: 0 };
    sum.count += count;
    cells.set(key, sum);
    const groupKey = `${fish_id},${days},${trust_class},${star_type}`;
    const seen = newest.get(groupKey);
    if (!seen || last_at > seen.last_at) newest.set(groupKey, { fish_id, days, trust_class, star_type, last_at });
  };
  const groupOf = (row: { days: number; trust_class: number; star_type: number }, fish_id: number) => ({
    fish_id,
    days: row.days,
    trust_class: Number(row.trust_class),
    star_type: row.star_type,
  });
  for (const row of rows) add(groupOf(row, row.fish_id), Number(row.cell), Number(row.count), Number(row.last_at));
  for (const row of packed) {
    const numbers = row.cells.split(',').map(Number);
    for (let i = 0; i < numbers.length; i += 2) add(groupOf(row, 0), numbers[i]!, numbers[i + 1]!, Number(row.last_at));
  }
  return { cells: [...cells.values()], newest: [...newest.values()] };
}
