/**
 * The base configuration (docs/product-requirements.md §3, §4, §8; docs/design.md §5): the catalogue lists every page
 * needs (fish, maps, baits, star types, bait types), fetched once at start-up. The last good copy is kept in
 * localStorage under `base-config`, so pages render at once from it while a fresh copy loads in the background.
 *
 * States: idle (not loaded) → loading → loaded | error (with its text). `loadBaseConfig()` does nothing while loading
 * or once loaded; `resetBaseConfig()` goes back to idle and forgets the cache. A loaded copy is fetched again when a
 * page meets an id it does not hold (the catalogue changed on the server), at most once a minute.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type {
  BaitItem,
  CategoryGroup,
  CategoryList,
  FishItem,
  FishWayItem,
  MapItem,
  StarTypeItem,
} from '#shared/contracts/catalogue';
import { api } from './api-client';
import { errorMessage } from './error-message';
import { i18n, whenI18nReady } from './i18n';
import { toast } from './toast';

export const BASE_CONFIG_KEY = 'base-config';
/** Bump when the cached shape changes, so an old copy is ignored instead of misread. */
const CACHE_VERSION = 1;
// Listed here rather than imported as a value from the contract, which would pull zod into the first download.
const BASE_CONFIG_GROUPS = [
  'fish',
  'maps',
  'baits',
  'star_type',
  'fish_way',
] as const satisfies readonly CategoryGroup[];

type BaseConfigStatus = 'idle' | 'loading' | 'loaded' | 'error';

interface BaseConfigState {
  status: BaseConfigStatus;
  /** The error text of the last failed load, else null. */
  error: string | null;
  /** The lists: fresh once loaded, the cached copy before that, null when there is neither. */
  data: CategoryList | null;
}

interface CachedConfig {
  version: number;
  saved_at: string;
  category_list: CategoryList;
}

function readCache(): CategoryList | null {
  try {
    const raw = localStorage.getItem(BASE_CONFIG_KEY);
    if (!raw) return null;
    const cached = JSON.parse(raw) as Partial<CachedConfig> | null;
    if (cached?.version !== CACHE_VERSION || !cached.category_list || typeof cached.category_list !== 'object') {
      return null;
    }
    return cached.category_list;
  } catch {
    return null;
  }
}

function writeCache(list: CategoryList): void {
  try {
    const cached: CachedConfig = { version: CACHE_VERSION, saved_at: new Date().toISOString(), category_list: list };
    localStorage.setItem(BASE_CONFIG_KEY, JSON.stringify(cached));
  } catch {
    // A full or blocked storage only costs the instant start next time.
  }
}

let state: BaseConfigState = { status: 'idle', error: null, data: readCache() };
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(next: Partial<BaseConfigState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getBaseConfig(): BaseConfigState {
  return state;
}

function subscribeBaseConfig(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface CategoryListBody {
  category_list?: CategoryList | null;
}

/** Loads the configuration unless it is loading or loaded. Never rejects: failures end in the error state + toast. */
export function loadBaseConfig(): Promise<void> {
  if (state.status === 'loaded') return Promise.resolve();
  if (pending) return pending;
  setState({ status: 'loading', error: null });
  pending = api
    .get<CategoryListBody>('/api/system/get_category_list', { category_group: BASE_CONFIG_GROUPS })
    .then((body) => {
      const list = body?.category_list;
      if (!list || typeof list !== 'object') throw new Error('');
      writeCache(list);
      setState({ status: 'loaded', error: null, data: list });
    })
    .catch(async (error: unknown) => {
      // The request starts alongside the texts; the toast waits for them so it is never shown as raw keys.
      await whenI18nReady().catch(() => undefined);
      const message = errorMessage(error);
      // The cached copy (if any) stays visible: stale lists beat an empty site.
      setState({ status: 'error', error: message });
      toast.error(i18n.t('common:baseConfig.loadFailed'), message, { id: 'base-config-failed' });
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * Puts a copy the server already holds in place as loaded, without a request (a server render keeps the catalogue of
 * its live version here; `src/client/ssr`).
 */
export function primeBaseConfig(list: CategoryList): void {
  pending = null;
  setState({ status: 'loaded', error: null, data: list });
}

/** The least time between two fetches made because a page met a catalogue id the lists do not hold. */
export const UNKNOWN_ID_REFRESH_MS = 60_000;
let lastRefresh = 0;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
/** Bumped by a reset, so a refresh still in flight from before it is dropped. */
let generation = 0;

/**
 * A catalogue id the loaded lists do not hold (a fish an operator's import added while this tab was open, listed by
 * the collection or the logs) means the server's catalogue changed: the lists are fetched again in the background, at
 * most once a minute, and every page re-renders with the new names. The copy in hand stays while it loads, and if the
 * fetch fails.
 */
function refreshForUnknownId(): void {
  if (typeof window === 'undefined' || state.status !== 'loaded' || pending || refreshTimer) return;
  if (Date.now() - lastRefresh < UNKNOWN_ID_REFRESH_MS) return;
  lastRefresh = Date.now();
  const asked = generation;
  // Not within the render that met the id: a store update then would re-render other components mid-render.
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    api.get<CategoryListBody>('/api/system/get_category_list', { category_group: BASE_CONFIG_GROUPS }).then(
      (body) => {
        const list = body?.category_list;
        if (asked !== generation || !list || typeof list !== 'object') return;
        writeCache(list);
        setState({ data: list });
      },
      () => undefined,
    );
  }, 0);
}

/** Back to "not loaded": forgets the lists and the cached copy (the next `loadBaseConfig()` fetches again). */
export function resetBaseConfig(): void {
  try {
    localStorage.removeItem(BASE_CONFIG_KEY);
  } catch {
    // nothing to forget
  }
  generation++;
  lastRefresh = 0;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  pending = null;
  setState({ status: 'idle', error: null, data: null });
}

function byId<T extends { id: number }>(items: readonly T[]): ReadonlyMap<number, T> {
  return new Map(items.map((item) => [item.id, item]));
}

interface BaseConfig {
  status: BaseConfigStatus;
  error: string | null;
  fish: readonly FishItem[];
  maps: readonly MapItem[];
  baits: readonly BaitItem[];
  star_type: readonly StarTypeItem[];
  fish_way: readonly FishWayItem[];
  fishById: (id: number | null | undefined) => FishItem | undefined;
  baitById: (id: number | null | undefined) => BaitItem | undefined;
  mapById: (id: number | null | undefined) => MapItem | undefined;
  fishWayById: (id: number | null | undefined) => FishWayItem | undefined;
  starTypeById: (id: number | null | undefined) => StarTypeItem | undefined;
}

const EMPTY: readonly never[] = [];

function lookup<T>(map: ReadonlyMap<number, T>) {
  return (id: number | null | undefined) => {
    if (id == null) return undefined;
    const item = map.get(id);
    if (item === undefined && id > 0) refreshForUnknownId();
    return item;
  };
}

type BaseLists = Omit<BaseConfig, 'status' | 'error'>;

/**
 * The lists and their id lookups, built once per loaded copy and shared by every component (a server render mounts
 * every component of a page afresh, so a per-component memo would rebuild the lookups each time).
 */
const listsByCopy = new WeakMap<CategoryList, BaseLists>();
let noLists: BaseLists | null = null;

function listsOf(data: CategoryList | null): BaseLists {
  const kept = data ? listsByCopy.get(data) : noLists;
  if (kept) return kept;
  const fish = data?.fish ?? EMPTY;
  const maps = data?.maps ?? EMPTY;
  const baits = data?.baits ?? EMPTY;
  const starTypes = data?.star_type ?? EMPTY;
  const fishWays = data?.fish_way ?? EMPTY;
  const lists: BaseLists = {
    fish,
    maps,
    baits,
    star_type: starTypes,
    fish_way: fishWays,
    fishById: lookup(byId(fish)),
    baitById: lookup(byId(baits)),
    mapById: lookup(byId(maps)),
    fishWayById: lookup(byId(fishWays)),
    starTypeById: lookup(byId(starTypes)),
  };
  if (data) listsByCopy.set(data, lists);
  else noLists = lists;
  return lists;
}

/** The configuration lists and id lookups (built once per loaded copy), re-rendering when a fresh copy arrives. */
export function useBaseConfig(): BaseConfig {
  const { status, error, data } = useSyncExternalStore(subscribeBaseConfig, getBaseConfig, getBaseConfig);
  return useMemo(() => ({ status, error, ...listsOf(data) }), [status, error, data]);
}
