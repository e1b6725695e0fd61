/**
 * The bait guide (docs/catch-data-api.md §4, docs/design.md §5): for a fish (and optionally a map), the baits of the
 * last 72 hours ending now ranked by share, `share = count / total` with its 95 % interval (decision 0034), sorted by
 * count descending then `bait_id` ascending; the detail adds the same split by game hour, depth band and weather.
 * The encyclopedia's top three baits of every fish come from one query, kept for a minute.
 */
import {
  BAIT_GUIDE_WINDOW_HOURS,
  type BaitGuideDetailResponse,
  type BaitGuideQuery,
  type BaitGuideResponse,
  type BaitGuideTopResponse,
  type BaitCatchesQuery,
  type BaitCatchesResponse,
  type BaitShare,
  DEPTH_BAND_EDGES,
  depthBand,
  wireTime,
} from '#shared/contracts/catches';
import { WEATHER_KINDS, type WeatherKind } from '#shared/game/catch-attributes';
import { DEFAULT_TRUST_VIEW, type TrustView } from '#shared/catch-trust';
import { type ShareInterval, shareInterval } from '#shared/share-interval';
import { type AnswerKeeping, type Kept, KeptAnswers } from '../../catch-store/catch-reads';
import type { KeptAnswerObserver } from '../../metrics/app-metrics';
import type { BaitGuideRepository, Counted, GuideCatch } from './bait-guide.repository';

const HOUR_MS = 3_600_000;

/** A guide query as the route parses it, or as another feature asks it (without `trust`: trusted, decision 0039). */
export type GuideQuery = Omit<BaitGuideQuery, 'trust'> & { trust?: TrustView };
/** How long the encyclopedia's top baits are reused: a summary of three days may be a minute old. */
export const TOP_BAITS_TTL_MS = 60_000;
/** Answers kept (one per map filter; any id can be asked, so the oldest goes beyond this). */
const MAX_TOP_ANSWERS = 64;

/** What a slice's condition reads of a group of catches: its game hour (1–24), depth band label and weather. */
export interface SliceGroup {
  game_hour: number;
  depth: string;
  weather: WeatherKind;
}

type Ranked<K extends string> = { [P in K]: number } & { count: number; share: number } & ShareInterval;

/**
 * Counts per id → the contract's ranked shares under the id's name (`bait_id`, `fish_id`, `map_id`): `share = count /
 * total` with its 95 % interval (decision 0034: a few operations per counted row, no query), by count descending, then
 * id ascending; all of one list share one total, so the count orders them as their intervals' lower ends would. The
 * one ranking of the guide, its detail, the top baits and a bait's page; `limit` keeps the first rows only.
 */
function rankBy<K extends string>(
  idName: K,
  counts: ReadonlyMap<number, number>,
  limit = Infinity,
): { total: number; ranked: Ranked<K>[] } {
  let total = 0;
  for (const count of counts.values()) total += count;
  const ranked = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([id, count]) => {
      // One object per row, built whole: spreading a row into `withShare`'s answer took 9 ms of the busiest fish's
      // detail (2,900 ranked rows; docs/BENCHMARKS.md, "Under the trust rules").
      const { share_lower, share_upper } = shareInterval(count, total);
      return { [idName]: id, count, share: total > 0 ? count / total : 0, share_lower, share_upper } as Ranked<K>;
    });
  return { total, ranked };
}

/** Counts per bait → the contract's ranked shares (the first `limit`). */
function rankBaits(counts: ReadonlyMap<number, number>, limit?: number): { total: number; baits: BaitShare[] } {
  const { total, ranked } = rankBy('bait_id', counts, limit);
  return { total, baits: ranked };
}

/** Adds `count` to `key`'s count. Added, not set: stored ids beyond 2^53 are read as one (db/stored-values.ts). */
function addTo(counts: Map<number, number>, key: number, count: number): void {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

function splitBy<K extends string | number>(
  catches: readonly GuideCatch[],
  keyOf: (c: GuideCatch) => K,
  order: (a: K, b: K) => number,
) {
  const groups = new Map<K, Map<number, number>>();
  for (const c of catches) {
    const key = keyOf(c);
    let counts = groups.get(key);
    if (!counts) groups.set(key, (counts = new Map()));
    addTo(counts, c.bait_id, c.count);
  }
  return [...groups].sort((a, b) => order(a[0], b[0])).map(([key, counts]) => ({ key, ...rankBaits(counts) }));
}

const bandOrder = (band: string) =>
  DEPTH_BAND_EDGES.indexOf(Number.parseFloat(band) as (typeof DEPTH_BAND_EDGES)[number]);

const KNOWN_WEATHER: ReadonlySet<string> = new Set(WEATHER_KINDS);

/**
 * A stored weather as the split counts it: one the contract does not know (written by another tool, or a future
 * logger's word) counts as the contract's own `unknown`, so the detail never answers a word its schema refuses.
 */
function weatherOf(stored: string): WeatherKind {
  return KNOWN_WEATHER.has(stored) ? (stored as WeatherKind) : 'unknown';
}

/** The detail's counts: all baits ranked, and the splits by game hour, depth band and weather. */
function detailOf(catches: readonly GuideCatch[]) {
  const counts = new Map<number, number>();
  for (const c of catches) addTo(counts, c.bait_id, c.count);
  return {
    ranked: rankBaits(counts),
    by_hour: splitBy(
      catches,
      (c) => c.game_hour,
      (a, b) => a - b,
    ),
    by_depth: splitBy(
      catches,
      (c) => depthBand(c.depth),
      (a, b) => bandOrder(a) - bandOrder(b),
    ),
    by_weather: splitBy(
      catches,
      (c) => weatherOf(c.weather),
      (a, b) => a.localeCompare(b),
    ),
  };
}

export class BaitGuideService {
  private readonly topCache = new Map<string, { at: number; answer: BaitGuideTopResponse }>();
  private readonly topRefreshing = new Set<string>();
  /** Guide and detail answers (without their window's times), served again while they hold. */
  private readonly guides: KeptAnswers<Kept<ReturnType<typeof rankBaits>>>;
  /** The details' counts as JSON text (`detailJson`). */
  private readonly details: KeptAnswers<Kept<string>>;
  /** The grouped catches of a fish over a window of any length (the AI chat's slices), per fish, map and length. */
  private readonly groups: KeptAnswers<Kept<GuideCatch[]>>;
  /** Told of every kept answer served and every answer counted anew, guides and details apart (the metrics). */
  private readonly observers = new Map<KeptAnswers<Kept<unknown>>, KeptAnswerObserver>();

  constructor(
    private readonly repository: BaitGuideRepository,
    private readonly clock: () => number = Date.now,
    /** `keep: false`: count every answer (the benchmark measures that path too). */
    private readonly keeping: AnswerKeeping = { keep: true, freshMs: 0 },
  ) {
    this.guides = new KeptAnswers(keeping.freshMs);
    this.details = new KeptAnswers(keeping.freshMs);
    this.groups = new KeptAnswers(keeping.freshMs);
  }

  observeKeptAnswers(observers: { guide: KeptAnswerObserver; detail: KeptAnswerObserver }): void {
    this.observers.set(this.guides, observers.guide);
    this.observers.set(this.details, observers.detail);
  }

  async guide(query: GuideQuery): Promise<BaitGuideResponse> {
    const window = this.window();
    const ranked = await this.keptOr(this.guides, query, window, async () => {
      const counts = await this.repository.baitCounts({ ...this.filters(query), ...window });
      return { value: rankBaits(counts.value), changes: counts.changes };
    });
    return this.head(query, window, ranked);
  }

  /**
   * The detail as the route sends it, JSON text: the window's head, then the counts, serialised once per count and
   * kept as that text. A busy fish's detail on all maps is 3,900 ranked rows (490 KB): kept as objects, 200 such
   * answers held up to a million objects for every full garbage collection to mark, and each kept answer served
   * was serialised again (docs/BENCHMARKS.md).
   */
  async detailJson(query: GuideQuery): Promise<string> {
    const window = this.window();
    const counts = await this.keptOr(this.details, query, window, async () => {
      const catches = await this.repository.catches({ ...this.filters(query), ...window });
      const { ranked, ...splits } = detailOf(catches.value);
      return { value: JSON.stringify({ ...ranked, ...splits }), changes: catches.changes };
    });
    // The counts' own object continues the head's: the same answer as one JSON.stringify of the whole.
    return `${JSON.stringify(this.windowHead(query, window)).slice(0, -1)},${counts.slice(1)}`;
  }

  /**
   * The detail's counts over the fish's catches of the last `hours` that `keep` accepts: a slice by game hour, depth
   * band and weather (the AI chat's conditions, issue 26). The same grouped read as the detail's, over any window,
   * then filtered in JavaScript: the groups are a few hundred, and a condition never costs a query of its own.
   */
  async slice(
    query: GuideQuery,
    hours: number,
    keep: (group: SliceGroup) => boolean,
  ): Promise<BaitGuideDetailResponse> {
    const window = this.window(hours);
    const groups = await this.keptOr(
      this.groups,
      query,
      window,
      async () => this.repository.catches({ ...this.filters(query), ...window }),
      `|${hours}`,
    );
    const kept = groups.filter((c) =>
      keep({ game_hour: c.game_hour, depth: depthBand(c.depth), weather: weatherOf(c.weather) }),
    );
    const { ranked, ...splits } = detailOf(kept);
    return { ...this.head(query, window, ranked), ...splits };
  }

  /**
   * A kept answer of the fish (and map) while its catches in the sliding window are unchanged (catch-store/catch-changes.ts),
   * else `count()`'s, kept in turn when it counted something (an empty read carries no counter to check against).
   */
  private async keptOr<T>(
    kept: KeptAnswers<Kept<T>>,
    query: GuideQuery,
    window: { from: number; to: number },
    count: () => Promise<Counted<T>>,
    keySuffix = '',
  ): Promise<T> {
    const span = [window.from, window.to] as const;
    const key = `${query.fish_id}|${query.map_id ?? ''}|${trustOf(query)}${keySuffix}`;
    const countedAt = performance.now();
    const held = this.keeping.keep
      ? await kept.holding(key, (prior) => this.repository.unchangedSince(query, prior.changes, prior.window, span))
      : undefined;
    const observer = this.observers.get(kept);
    if (held) {
      observer?.hit();
      return held.answer;
    }
    observer?.recount();
    const { value, changes } = await count();
    if (this.keeping.keep && changes !== null) kept.set(key, { answer: value, changes, window: span }, countedAt);
    return value;
  }

  /**
   * Every fish's three most used baits: one query over three days of catches, so it is reused. An answer older than
   * TOP_BAITS_TTL_MS is still served while a fresh one is computed (one at a time per map filter); only the very first
   * request waits for the query.
   */
  async top(query: { map_id?: number }): Promise<BaitGuideTopResponse> {
    const key = String(query.map_id ?? '');
    const cached = this.topCache.get(key);
    if (!cached) return this.refreshTop(key, query.map_id);
    if (this.clock() - cached.at >= TOP_BAITS_TTL_MS && !this.topRefreshing.has(key)) {
      this.topRefreshing.add(key);
      // A failed refresh keeps the older answer; the next request tries again.
      void this.refreshTop(key, query.map_id)
        .catch(() => undefined)
        .finally(() => this.topRefreshing.delete(key));
    }
    return cached.answer;
  }

  private async refreshTop(key: string, mapId: number | undefined): Promise<BaitGuideTopResponse> {
    const window = this.window();
    const rows = await this.repository.allFishBaitCounts({ map_id: mapId, trust: DEFAULT_TRUST_VIEW, ...window });
    const byFish = new Map<number, Map<number, number>>();
    for (const row of rows) {
      let counts = byFish.get(row.fish_id);
      if (!counts) byFish.set(row.fish_id, (counts = new Map()));
      addTo(counts, row.bait_id, row.count);
    }
    const answer: BaitGuideTopResponse = {
      map_id: mapId ?? null,
      from: wireTime(window.from),
      to: wireTime(window.to),
      fishes: [...byFish]
        .sort((a, b) => a[0] - b[0])
        .map(([fish_id, counts]) => {
          const ranked = rankBaits(counts, 3);
          return { fish_id, total: ranked.total, baits: ranked.baits };
        }),
      trust: DEFAULT_TRUST_VIEW,
    };
    this.topCache.delete(key);
    if (this.topCache.size >= MAX_TOP_ANSWERS) this.topCache.delete(this.topCache.keys().next().value!);
    this.topCache.set(key, { at: window.to, answer });
    return answer;
  }

  /**
   * One bait's page (`/bait-guide/bait`): the fish it caught and the maps it caught them on in the guide's window,
   * ranked the guide's way, from one grouped read of the bait's index. Not kept: that read is one short range of an
   * index, and the change counters a kept answer is checked by are the fish's and the map's, not a bait's.
   */
  async baitCatches(query: BaitCatchesQuery): Promise<BaitCatchesResponse> {
    const window = this.window();
    const rows = await this.repository.baitCatchCounts({
      bait_id: query.bait_id,
      trust: DEFAULT_TRUST_VIEW,
      ...window,
    });
    const byFish = new Map<number, number>();
    const byMap = new Map<number, number>();
    for (const row of rows) {
      addTo(byFish, row.fish_id, row.count);
      addTo(byMap, row.map_id, row.count);
    }
    const fishes = rankBy('fish_id', byFish);
    return {
      bait_id: query.bait_id,
      from: wireTime(window.from),
      to: wireTime(window.to),
      total: fishes.total,
      fishes: fishes.ranked,
      maps: rankBy('map_id', byMap).ranked,
      trust: DEFAULT_TRUST_VIEW,
    };
  }

  /** The repository's filters of a query: the fish, the map, which catches (decision 0039). */
  private filters(query: GuideQuery) {
    return { fish_id: query.fish_id, map_id: query.map_id, trust: trustOf(query) };
  }

  private window(hours = BAIT_GUIDE_WINDOW_HOURS): { from: number; to: number } {
    const to = this.clock();
    return { from: to - hours * HOUR_MS, to };
  }

  private head(query: GuideQuery, window: { from: number; to: number }, ranked: { total: number; baits: BaitShare[] }) {
    return { ...this.windowHead(query, window), ...ranked };
  }

  /** What every answer of a window says of it: the fish, the map, the window's times, which catches. */
  private windowHead(query: GuideQuery, window: { from: number; to: number }) {
    return {
      fish_id: query.fish_id,
      map_id: query.map_id ?? null,
      from: wireTime(window.from),
      to: wireTime(window.to),
      trust: trustOf(query),
    };
  }
}

/** The query's trust; the AI chat's and the alerts' own queries leave it out: trusted (decision 0039). */
const trustOf = (query: { trust?: TrustView }): TrustView => query.trust ?? DEFAULT_TRUST_VIEW;
