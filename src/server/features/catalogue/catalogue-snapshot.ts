/**
 * The whole catalogue in memory, typed: a few hundred rows that change only when the catalogue is written (demo
 * seeding, an import), while every catalogue route and most features read it on every request. It is loaded once,
 * checked against the contract schemas once, and replaced as a whole by `refresh()`; each load gets a new `version`,
 * so readers can derive things once per version (the serialised category list, for one) and drop them with the view.
 */
import {
  type BaitItem,
  CATEGORY_GROUPS,
  CategoryItem,
  type FishItem,
  type FishWayItem,
  type MapItem,
  type StarTypeItem,
} from '#shared/contracts/catalogue';
import type { CatalogueRepository } from './catalogue.repository';

/** Every group's items in catalogue order (sort, then id), keyed like the category list answer. */
export interface CatalogueGroups {
  fish: readonly FishItem[];
  maps: readonly MapItem[];
  baits: readonly BaitItem[];
  star_type: readonly StarTypeItem[];
  fish_way: readonly FishWayItem[];
}

export interface CatalogueView {
  /** Grows with every load of this process: a cache key for whatever is derived from this view. */
  readonly version: number;
  readonly groups: Readonly<CatalogueGroups>;
  /** Fish by id: names, level, weight range, star thresholds (`data.star_weights`), habitat maps. */
  readonly fish: ReadonlyMap<number, FishItem>;
  /** Maps by id: picture, its size and the game coordinates it covers. */
  readonly maps: ReadonlyMap<number, MapItem>;
  /** Baits by id, with their bait type (`data.fish_way`). */
  readonly baits: ReadonlyMap<number, BaitItem>;
  readonly starTypes: ReadonlyMap<number, StarTypeItem>;
  readonly baitTypes: ReadonlyMap<number, FishWayItem>;
  /** The fish living on each map, in catalogue order; a map without fish has an empty list. */
  readonly fishByMap: ReadonlyMap<number, readonly FishItem[]>;
}

/** Readers share one view: freezing it turns an accidental write into an error instead of another request's data. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const byId = <T extends { id: number }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));

function buildView(items: CategoryItem[], version: number): CatalogueView {
  const groups: { [G in keyof CatalogueGroups]: CatalogueGroups[G][number][] } = {
    fish: [],
    maps: [],
    baits: [],
    star_type: [],
    fish_way: [],
  };
  // Narrowed one group at a time, so each list keeps its own item type.
  for (const item of items) {
    if (item.group_type === 'fish') groups.fish.push(item);
    else if (item.group_type === 'maps') groups.maps.push(item);
    else if (item.group_type === 'baits') groups.baits.push(item);
    else if (item.group_type === 'star_type') groups.star_type.push(item);
    else groups.fish_way.push(item);
  }
  const fishByMap = new Map<number, FishItem[]>(groups.maps.map((map) => [map.id, []]));
  for (const fish of groups.fish) {
    for (const mapId of fish.data.maps) fishByMap.get(mapId)?.push(fish);
  }
  return deepFreeze({
    version,
    groups,
    fish: byId(groups.fish),
    maps: byId(groups.maps),
    baits: byId(groups.baits),
    starTypes: byId(groups.star_type),
    baitTypes: byId(groups.fish_way),
    fishByMap,
  });
}

export class CatalogueSnapshot {
  private current: Promise<CatalogueView> | null = null;
  private loads = 0;

  constructor(private readonly repository: CatalogueRepository) {}

  /** The catalogue as last loaded; the first call loads it. */
  view(): Promise<CatalogueView> {
    if (!this.current) {
      const loading = this.load();
      this.current = loading;
      // A failed first load (database away) is retried by the next reader rather than remembered.
      loading.catch(() => {
        if (this.current === loading) this.current = null;
      });
    }
    return this.current;
  }

  /**
   * Reloads the catalogue from the database. Call it after anything writes the catalogue (seeding, imports): until
   * then readers keep the view they have, and they keep it while the new one loads.
   */
  async refresh(): Promise<CatalogueView> {
    const items = await this.readItems();
    const view = buildView(items, ++this.loads);
    this.current = Promise.resolve(view);
    return view;
  }

  private async load(): Promise<CatalogueView> {
    const items = await this.readItems();
    return buildView(items, ++this.loads);
  }

  /** Every row, checked once against the contract (what the routes would otherwise check on every answer). */
  private async readItems(): Promise<CategoryItem[]> {
    const rows = await this.repository.listGroups([...CATEGORY_GROUPS]);
    return rows.map((row) => {
      const parsed = CategoryItem.safeParse(row);
      if (!parsed.success)
        throw new Error(`catalogue item ${row.id} (${row.group_type}) does not match the contract`, {
          cause: parsed.error,
        });
      return parsed.data;
    });
  }
}
