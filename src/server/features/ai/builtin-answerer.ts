/**
 * The built-in answerer (docs/design.md §5 "AI chat"): it works with no network and no model. It reads the question
 * (question-reading.ts), then answers each thing asked from the same service functions the pages use — the bait
 * guide and its detail, the heat map, the official records, the catalogue — so every number it cites is the number
 * those pages show for the same filters, with the sample size and the time window, and links to the page that
 * shows more. Where it names a best (a map for the fish, a game hour, depth or weather) it ranks shares by the lower
 * end of their 95 % interval, as the pages do, and it says when a fact rests on fewer catches than the pages' minimum
 * sample (decision 0034). It depends on small interfaces of its own; services.ts hands it the real services.
 */
import type { AiFact, AiIntent, AiLink } from '#shared/contracts/ai';
import type { BaitItem, FishItem, MapItem, StarTypeItem } from '#shared/contracts/catalogue';
import { BAIT_GUIDE_WINDOW_HOURS, shareDigits } from '#shared/catch-data-rules';
import type {
  BaitGuideDetailResponse,
  BaitGuideQuery,
  HeatmapQuery,
  HeatmapResponse,
  OfficialLogPage,
  OfficialLogQuery,
} from '#shared/contracts/catches';
import type { WeatherKind } from '#shared/game/catch-attributes';
import type { Locale } from '#shared/locales';
import { byShareLower, DEFAULT_SHARE_MIN_SAMPLE, isThinSample, withShare } from '#shared/share-interval';
import { PHRASES, type Phrases } from './answer-phrases';
import {
  type Conditions,
  hasConditions,
  meets,
  NO_CONDITIONS,
  readConditions,
  type SliceGroup,
} from './question-conditions';
import {
  closestNames,
  detectIntents,
  detectLanguage,
  hasWords,
  NameIndex,
  nameIn,
  normalize,
} from './question-reading';

/** What the answerer reads of the catalogue (the catalogue snapshot satisfies it). */
export interface AnswerCatalogue {
  view(): Promise<{
    readonly version: number;
    readonly groups: { readonly fish: readonly FishItem[]; readonly maps: readonly MapItem[] };
    readonly fish: ReadonlyMap<number, FishItem>;
    readonly maps: ReadonlyMap<number, MapItem>;
    readonly baits: ReadonlyMap<number, BaitItem>;
    readonly starTypes: ReadonlyMap<number, StarTypeItem>;
  }>;
}

/**
 * The bait guide's slice: the detail's counts (`/bait-guide/detail`, the same grouped read) over the last `hours`,
 * of the catches whose game hour, depth band and weather `keep` accepts. Asked without `trust`: the answers count
 * trusted catches only, as the pages' default views do (decision 0039).
 */
export interface AnswerBaitGuide {
  slice(
    query: Omit<BaitGuideQuery, 'trust'>,
    hours: number,
    keep: (group: SliceGroup) => boolean,
  ): Promise<BaitGuideDetailResponse>;
}

/** The heat map's service function (`/heatmap`): its answer as serialised JSON, of trusted catches (no `trust`). */
export interface AnswerHeatmap {
  heatmap(query: Omit<HeatmapQuery, 'trust'>): Promise<{ body: Buffer }>;
}

/** The official records' service function (`/logs/official`). */
export interface AnswerRecords {
  officialLogs(query: OfficialLogQuery, user: null): Promise<OfficialLogPage>;
}

/**
 * Other names of fish (the moderation console's aliases, migration 0025): the same object while nothing changed, so
 * the name index is rebuilt only when it does.
 */
export interface AnswerAliases {
  view(): Promise<ReadonlyMap<number, readonly string[]>>;
}

export interface AnswerSources {
  catalogue: AnswerCatalogue;
  /** None: the catalogue's names only. */
  aliases?: AnswerAliases;
  baitGuide: AnswerBaitGuide;
  heatmap: AnswerHeatmap;
  records: AnswerRecords;
}

export interface AnswerSettings {
  /** A fact resting on fewer catches says its sample is thin (`SHARE_MIN_SAMPLE`, the pages' dimming). */
  shareMinSample: number;
}

export interface BuiltAnswer {
  language: Locale;
  fishId: number | null;
  mapId: number | null;
  intents: AiIntent[];
  facts: AiFact[];
  links: AiLink[];
  answer: string;
  suggestions: string[];
}

/** The heat map window the place answer uses: the page's default view. */
const PLACE_RANGE = '7d';
const PLACE_DAYS = 7;
/** How many records the records answer looks at for the heaviest (one page of the records list). */
const RECORDS_PAGE_SIZE = 100;
const TOP = 3;
/** The window a slice is widened to when the bait guide's 72 hours hold no catch of it. */
const WIDE_WINDOW_DAYS = 7;

/**
 * Numbers as the facts write them: plain digits, a dot for decimals, no grouping. A share of `sample` catches with
 * the decimals it can carry (`shareDigits`); one that is not 0 never reads as 0.
 */
export function percent(share: number, sample: number): string {
  const digits = shareDigits(sample);
  const text = (share * 100).toFixed(digits);
  return share > 0 && Number(text) === 0 ? `<${digits === 0 ? '1' : '0.1'}` : text;
}
/** A share's 95 % interval as the facts write it, with the share's own decimals: `43–51`. */
export function percentRange(lower: number, upper: number, sample: number): string {
  const digits = shareDigits(sample);
  return `${(lower * 100).toFixed(digits)}–${(upper * 100).toFixed(digits)}`;
}
export function weightText(grams: number): string {
  return grams < 1000 ? `${grams} g` : `${Number((grams / 1000).toFixed(3))} kg`;
}
/** `2026-11-20T08:15:00.000Z` → `2026-11-20 08:15` (docs/product-requirements.md §9's format, minutes). */
const minuteText = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const dayText = (iso: string) => iso.slice(0, 10);

interface Reading {
  language: Locale;
  fish: FishItem | null;
  map: MapItem | null;
  intents: AiIntent[];
  conditions: Conditions;
  text: string;
}

/** One slice of the catches: the map (null: all), the window in hours and the conditions. */
interface SliceStep {
  map: MapItem | null;
  hours: number;
  conditions: Conditions;
}

/** The slice a fact was counted over: the first step of the widening that had catches (or the last one tried). */
interface CountedSlice {
  step: SliceStep;
  detail: BaitGuideDetailResponse;
  /** The widenings taken from the asked slice to this one (widenTo's words), empty when it is the asked one. */
  widened: string[];
}

export class BuiltinAnswerer {
  private indexes: {
    version: number;
    aliases: ReadonlyMap<number, readonly string[]> | null;
    fish: NameIndex;
    maps: NameIndex;
  } | null = null;

  constructor(
    private readonly sources: AnswerSources,
    private readonly settings: AnswerSettings = { shareMinSample: DEFAULT_SHARE_MIN_SAMPLE },
  ) {}

  async answer(question: string): Promise<BuiltAnswer> {
    const view = await this.sources.catalogue.view();
    const reading = await this.read(question);
    const p = PHRASES[reading.language];
    const examples = p.list(view.groups.fish.slice(0, TOP).map((f) => nameIn(f, reading.language)));
    const empty = { language: reading.language, mapId: reading.map?.id ?? null, facts: [], links: [] };

    if (!hasWords(question)) {
      return { ...empty, fishId: null, intents: [], answer: p.notAQuestion(examples), suggestions: [] };
    }
    if (!reading.fish) {
      const indexes = await this.indexesOf();
      const suggestions = closestNames(indexes.fish, reading.text).map((id) =>
        nameIn(view.fish.get(id)!, reading.language),
      );
      // Nothing of the game at all (no fish, no map, no name close to one): say what can be asked instead.
      if (suggestions.length === 0 && !reading.map) {
        const [first, second] = view.groups.fish;
        const map = view.groups.maps[0];
        const questions =
          first && second && map
            ? p.exampleQuestions(
                nameIn(first, reading.language),
                nameIn(second, reading.language),
                nameIn(map, reading.language),
              )
            : [];
        return { ...empty, fishId: null, intents: [], answer: p.scope(questions), suggestions: [] };
      }
      return {
        ...empty,
        fishId: null,
        intents: reading.intents,
        answer: suggestions.length > 0 ? p.noFish(p.list(suggestions)) : p.noFishExamples(examples),
        suggestions,
      };
    }

    const context = new AnswerContext(this.sources, view, reading, p, this.settings);
    const intents = reading.intents.length > 0 ? reading.intents : (['overview'] as AiIntent[]);
    for (const intent of intents) await context.answer(intent);
    return {
      language: reading.language,
      fishId: reading.fish.id,
      mapId: reading.map?.id ?? null,
      intents,
      facts: context.facts,
      links: context.links,
      answer: context.facts.map((fact) => fact.text).join('\n'),
      suggestions: [],
    };
  }

  private async read(question: string): Promise<Reading> {
    const view = await this.sources.catalogue.view();
    const indexes = await this.indexesOf();
    let text = normalize(question);
    const language = detectLanguage(question);
    // The fish first (the longest name), then a map in what is left, then the intents in what is left of that, so
    // a name never counts as a keyword ("Starry flounder" asks nothing about stars).
    const fishHit = indexes.fish.find(text);
    if (fishHit) text = `${text.slice(0, fishHit.start)} ${text.slice(fishHit.end)}`;
    const mapHit = indexes.maps.find(text);
    let rest = text;
    if (mapHit) rest = `${text.slice(0, mapHit.start)} ${text.slice(mapHit.end)}`;
    // The conditions' words are cut out too: "in the rain" sets the weather, it does not ask about it.
    const { conditions, rest: asked } = readConditions(rest);
    return {
      language,
      fish: fishHit ? view.fish.get(fishHit.id)! : null,
      map: mapHit ? view.maps.get(mapHit.id)! : null,
      intents: detectIntents(asked),
      conditions,
      text,
    };
  }

  /** The fish a question names (its exact name, pinyin, a last word or an alias), as an answer would find it. */
  async fishOf(question: string): Promise<number | null> {
    return (await this.read(question)).fish?.id ?? null;
  }

  private async indexesOf() {
    const view = await this.sources.catalogue.view();
    const aliases = (await this.sources.aliases?.view()) ?? null;
    if (this.indexes?.version !== view.version || this.indexes.aliases !== aliases) {
      this.indexes = {
        version: view.version,
        aliases,
        fish: new NameIndex(view.groups.fish, (id) => aliases?.get(id)),
        maps: this.indexes?.version === view.version ? this.indexes.maps : new NameIndex(view.groups.maps),
      };
    }
    return this.indexes;
  }
}

type View = Awaited<ReturnType<AnswerCatalogue['view']>>;

/** One question's answer as it is built: the facts and links so far, and the detail shared by three intents. */
class AnswerContext {
  readonly facts: AiFact[] = [];
  readonly links: AiLink[] = [];
  private counted: Promise<CountedSlice> | null = null;
  private widenedSaid = false;
  private readonly fish: FishItem;
  private readonly fishName: string;
  private readonly where: string;

  constructor(
    private readonly sources: AnswerSources,
    private readonly view: View,
    private readonly reading: Reading,
    private readonly p: Phrases,
    private readonly settings: AnswerSettings,
  ) {
    this.fish = reading.fish!;
    this.fishName = this.name(this.fish);
    this.where = reading.map ? p.onMap(this.name(reading.map)) : '';
  }

  async answer(intent: AiIntent): Promise<void> {
    switch (intent) {
      case 'bait':
        return this.bait();
      case 'place':
        return this.place();
      case 'time':
      case 'depth':
      case 'weather':
        return this.split(intent);
      case 'records':
        return this.records();
      case 'trophy':
        return this.trophy();
      case 'habitat':
        return this.habitat();
      case 'overview':
        await this.bait('overview');
        await this.habitat('overview');
        return this.trophy('overview');
    }
  }

  private name(item: { id: number; name: string; name_en: string | null; name_ja: string | null }): string {
    return nameIn(item, this.reading.language);
  }

  private fact(intent: AiIntent, text: string) {
    this.facts.push({ intent, text });
  }

  /** What a fact adds when it rests on fewer catches than the pages' minimum sample: nothing, or a short warning. */
  private thin(catches: number): string {
    return isThinSample(catches, this.settings.shareMinSample)
      ? this.p.thin(catches, this.settings.shareMinSample)
      : '';
  }

  private link(link: AiLink) {
    if (!this.links.some((l) => l.page === link.page && l.search === link.search)) this.links.push(link);
  }

  /** The bait guide's page of the slice's fish and map (the page shows 72 hours and no conditions: the nearest view). */
  private guideSearch(step: SliceStep, details: boolean): string {
    const search = new URLSearchParams({ fish_id: String(this.fish.id) });
    if (step.map) search.set('map_id', String(step.map.id));
    if (details) search.set('details', '1');
    return `?${search.toString()}`;
  }

  /** The conditions as the answer describes them. */
  private conditionsText(conditions: Conditions): string[] {
    const { hours, weather, depth } = conditions;
    return [
      ...(hours ? [this.p.hoursCondition(hours.part, hours.hours.from, hours.hours.to)] : []),
      ...(weather ? [this.p.weatherCondition(weather.label)] : []),
      ...(depth ? [this.p.depthCondition(depth.from, depth.to)] : []),
    ];
  }

  /** Where a step counts: the map asked, "all maps" once widened past it, and the conditions. */
  private whereOf(step: SliceStep): string {
    const map = step.map ? this.name(step.map) : this.reading.map ? this.p.allMaps : null;
    return this.p.where(map, this.conditionsText(step.conditions));
  }

  /**
   * The slice the bait, time, depth and weather facts count, once per question: the one asked (its map, the bait
   * guide's 72 hours, its conditions), widened step by step while it holds no catch — all maps, then 7 days, then
   * without the conditions — so a narrow question still gets an answer, which says how it was widened.
   */
  private slice(): Promise<CountedSlice> {
    this.counted ??= (async () => {
      const asked: SliceStep = {
        map: this.reading.map,
        hours: BAIT_GUIDE_WINDOW_HOURS,
        conditions: this.reading.conditions,
      };
      const steps: { step: SliceStep; change: string | null }[] = [{ step: asked, change: null }];
      let last = asked;
      const widen = (step: SliceStep, change: string) => {
        steps.push({ step, change });
        last = step;
      };
      if (last.map) widen({ ...last, map: null }, this.p.widenTo.allMaps);
      widen({ ...last, hours: WIDE_WINDOW_DAYS * 24 }, this.p.widenTo.days(WIDE_WINDOW_DAYS));
      if (hasConditions(last.conditions)) widen({ ...last, conditions: NO_CONDITIONS }, this.p.widenTo.noConditions);
      const widened: string[] = [];
      let counted: CountedSlice | null = null;
      for (const { step, change } of steps) {
        if (change) widened.push(change);
        const query = { fish_id: this.fish.id, ...(step.map ? { map_id: step.map.id } : {}) };
        const { conditions } = step;
        const detail = await this.sources.baitGuide.slice(query, step.hours, (group) => meets(conditions, group));
        counted = { step, detail, widened: [...widened] };
        if (detail.total > 0) break;
      }
      return counted!;
    })();
    return this.counted;
  }

  /** The fact's opening: the widening taken, if any, then the slice's own words. */
  private sliceFact(intent: AiIntent, counted: CountedSlice, text: string) {
    const { widened, detail } = counted;
    const askedStep: SliceStep = {
      map: this.reading.map,
      hours: BAIT_GUIDE_WINDOW_HOURS,
      conditions: this.reading.conditions,
    };
    if (detail.total === 0) {
      const window = this.p.window(askedStep.hours, minuteText(detail.from), minuteText(detail.to));
      this.fact(intent, this.p.sliceNone(this.fishName, this.whereOf(askedStep), window, widened));
      return;
    }
    // The widening is said once, before the first fact counted over the widened slice.
    const note =
      widened.length > 0 && !this.widenedSaid
        ? `${this.p.widened(this.fishName, this.whereOf(askedStep), this.p.windowShort(askedStep.hours), widened)}${this.reading.language === 'en' ? ' ' : ''}`
        : '';
    if (note) this.widenedSaid = true;
    this.fact(intent, `${note}${text}`);
  }

  private async bait(intent: AiIntent = 'bait') {
    const counted = await this.slice();
    const { detail, step } = counted;
    const window = this.p.window(step.hours, minuteText(detail.from), minuteText(detail.to));
    const top = detail.baits.slice(0, TOP).map((b) => {
      const bait = this.view.baits.get(b.bait_id);
      return this.p.baitItem(
        bait ? this.name(bait) : `#${b.bait_id}`,
        percent(b.share, detail.total),
        percentRange(b.share_lower, b.share_upper, detail.total),
        b.count,
      );
    });
    this.sliceFact(
      intent,
      counted,
      `${this.p.bait(this.fishName, this.whereOf(step), window, detail.total, this.p.list(top))}${this.thin(detail.total)}`,
    );
    this.link({
      page: 'baitGuide',
      search: this.guideSearch(step, false),
      label: this.p.link.baitGuide(this.fishName),
    });
  }

  /** The heat map of the fish (or, `fish` null, of every fish) on a map over the place answer's days. */
  private async heatmapOf(mapId: number, fish: number | null = this.fish.id): Promise<HeatmapResponse> {
    const query = { map_id: mapId, range: PLACE_RANGE, ...(fish === null ? {} : { fish_id: fish }) } as const;
    const answer = await this.sources.heatmap.heatmap(query);
    return JSON.parse(answer.body.toString()) as HeatmapResponse;
  }

  /**
   * The fish's share of each map's catches (the heat map's totals over the same days, with and without the fish),
   * best first by the lower end of its interval: the map where a catch is most surely this fish, so a quiet map's
   * lucky 3 of 4 never beats a busy one's 300 of 500. A map without catches of the fish asks no second total.
   */
  private async rankMaps(mapIds: readonly number[]) {
    const maps = await Promise.all(
      mapIds.map(async (id) => {
        const heat = await this.heatmapOf(id);
        // The map's own total is read after the fish's, so a catch arriving between them never makes it the smaller.
        const all = heat.total > 0 ? Math.max(heat.total, (await this.heatmapOf(id, null)).total) : 0;
        return { id, heat, ...withShare({ count: heat.total }, all), all };
      }),
    );
    return maps.sort((a, b) => byShareLower(a, b) || a.id - b.id);
  }

  private async place() {
    const mapIds = this.reading.map
      ? [this.reading.map.id]
      : this.fish.data.maps.filter((id) => this.view.maps.has(id));
    const maps = await this.rankMaps(mapIds);
    const best = maps[0];
    if (!best || best.heat.total === 0) {
      this.fact('place', this.p.placeNone(this.fishName, this.where, PLACE_DAYS));
      // The heat map of the map asked (or the fish's first), where a longer range may show more.
      if (best) {
        const mapName = this.name(this.view.maps.get(best.id)!);
        const search = `?map=${best.id}&fish=${this.fish.id}&range=30d`;
        this.link({ page: 'home', search, label: this.p.link.heatmap(this.fishName, mapName) });
      }
      return;
    }
    if (!this.reading.map && maps.length > 1) {
      const perMap = maps
        .filter((m) => m.heat.total > 0)
        .slice(0, 5)
        .map((m) =>
          this.p.mapShare(
            this.name(this.view.maps.get(m.id)!),
            m.heat.total,
            m.all,
            percent(m.share, m.all),
            percentRange(m.share_lower, m.share_upper, m.all),
          ),
        );
      this.fact('place', this.p.placeMaps(this.fishName, PLACE_DAYS, this.p.list(perMap)));
    }
    const heat = best.heat;
    const cells = [...heat.cells].sort((a, b) => b[2] - a[2] || a[1] - b[1] || a[0] - b[0]).slice(0, TOP);
    const spots = cells.map(([col, row, count]) =>
      this.p.spot(
        Math.round(heat.bounds.x_min + (col + 0.5) * heat.cell_w),
        Math.round(heat.bounds.y_min + (row + 0.5) * heat.cell_h),
        count,
      ),
    );
    const mapName = this.name(this.view.maps.get(best.id)!);
    // The heat map counts cells per day, not per game hour, weather or depth: the fact says it ignored the conditions.
    const ignored = hasConditions(this.reading.conditions) ? this.p.placeIgnores : '';
    this.fact(
      'place',
      `${this.p.place(this.fishName, mapName, PLACE_DAYS, heat.total, this.p.list(spots))}${ignored}${this.thin(heat.total)}`,
    );
    const search = new URLSearchParams({ map: String(best.id), fish: String(this.fish.id) });
    if (cells[0]) search.set('cell', `${cells[0][0]}-${cells[0][1]}`);
    this.link({ page: 'home', search: `?${search.toString()}`, label: this.p.link.heatmap(this.fishName, mapName) });
  }

  private async split(intent: 'time' | 'depth' | 'weather') {
    const counted = await this.slice();
    const { detail, step } = counted;
    const window = this.p.window(step.hours, minuteText(detail.from), minuteText(detail.to));
    const where = this.whereOf(step);
    // Each condition's share of the slice's catches, ranked as the pages rank shares (decision 0034); one total for
    // all, so this is the order of their counts.
    const byCount = <K>(groups: { key: K; total: number }[]) =>
      groups
        .map((group, index) => ({ group, index, ...withShare({ count: group.total }, detail.total) }))
        .sort((a, b) => byShareLower(a, b) || a.index - b.index)
        .slice(0, TOP)
        .map(({ group }) => group);
    let text: string;
    if (intent === 'time') {
      const top = byCount(detail.by_hour).map((g) => this.p.hourItem(g.key, g.total));
      text = this.p.hours(this.fishName, where, window, detail.total, this.p.list(top));
    } else if (intent === 'depth') {
      const top = byCount(detail.by_depth).map((g) => this.p.depthItem(g.key, g.total));
      text = this.p.depth(this.fishName, where, window, detail.total, this.p.list(top));
    } else {
      const top = byCount(detail.by_weather).map((g) =>
        this.p.weatherItem(this.p.weatherName(g.key as WeatherKind), g.total),
      );
      text = this.p.weather(this.fishName, where, window, detail.total, this.p.list(top));
    }
    this.sliceFact(intent, counted, `${text}${this.thin(detail.total)}`);
    this.link({ page: 'baitGuide', search: this.guideSearch(step, true), label: this.p.link.details(this.fishName) });
  }

  private async records() {
    const page = await this.sources.records.officialLogs(
      {
        page: 1,
        page_size: RECORDS_PAGE_SIZE,
        mine: false,
        fish_id: this.fish.id,
        ...(this.reading.map ? { map_id: this.reading.map.id } : {}),
      },
      null,
    );
    const search = new URLSearchParams({ fish: String(this.fish.id) });
    if (this.reading.map) search.set('map', String(this.reading.map.id));
    this.link({ page: 'officialLogs', search: `?${search.toString()}`, label: this.p.link.records(this.fishName) });
    const newest = page.items[0];
    if (!newest) {
      this.fact('records', this.p.recordsNone(this.fishName, this.where));
      return;
    }
    const heaviest = page.items.reduce((best, item) => (item.weight > best.weight ? item : best), newest);
    const describe = (item: typeof newest) =>
      this.p.record(weightText(item.weight), item.player_name, dayText(item.caught_at));
    const total = page.total_exact ? String(page.total) : `${page.total}+`;
    this.fact(
      'records',
      this.p.records(
        this.fishName,
        this.where,
        total,
        describe(newest),
        `${this.p.heaviestOf(page.items.length)}: ${describe(heaviest)}`,
      ),
    );
  }

  private trophy(intent: AiIntent = 'trophy') {
    const classes = [...this.fish.data.star_weights]
      .sort((a, b) => a.min_weight - b.min_weight)
      .map((s) => {
        const star = this.view.starTypes.get(s.star_type);
        return this.p.trophyClass(star ? this.name(star) : `#${s.star_type}`, weightText(s.min_weight));
      });
    this.fact(
      intent,
      this.p.trophy(
        this.fishName,
        weightText(this.fish.data.min_weight),
        weightText(this.fish.data.max_weight),
        this.p.list(classes),
      ),
    );
    this.link({ page: 'fishes', search: `?fish=${this.fish.id}`, label: this.p.link.fish(this.fishName) });
  }

  private habitat(intent: AiIntent = 'habitat') {
    const maps = this.fish.data.maps.flatMap((id) => {
      const map = this.view.maps.get(id);
      return map ? [this.name(map)] : [];
    });
    this.fact(intent, this.p.habitat(this.fishName, maps.length, this.p.list(maps)));
    this.link({ page: 'fishes', search: `?fish=${this.fish.id}`, label: this.p.link.fish(this.fishName) });
  }
}
