/**
 * The catch-data API (docs/catch-data-api.md): logger uploads, official record imports, catch logs, heat map,
 * bait guide and personal stats. Third parties build against these names, so they follow the contract exactly.
 *
 * What the schemas check and what they leave to the writer:
 * - Item schemas are strict (an unknown field is an error) and never coerce: `"12"` is not a weight.
 * - Rules that need the catalogue (ids exist, the fish lives on the map, weight within the fish's range, x/y inside
 *   the map's bounds) and the time window (`reportTimeError`, which needs "now") are the writer's, after the schema.
 *   Keeping the clock out of the schema keeps one static schema for parsing, the OpenAPI document and the client.
 * - Times are accepted as ISO-8601 with `Z` or an offset and come out in the canonical UTC form (`wireTime`).
 */
import { z } from 'zod';
import { BOAT_DIRECTIONS, ROD_TYPES, STAR_TYPES, WEATHER_KINDS } from '../game/catch-attributes';
import {
  CATCH_BOUNDS,
  HEATMAP_GRID,
  HEATMAP_MAX_BLOCK,
  HEATMAP_RANGES,
  type NumberBounds,
  SALE_BOUNDS,
} from '../catch-data-rules';
import { LaxBool, PageQuery, pageOf, safeLine } from './common';
import { DEFAULT_TRUST_VIEW, TRUST_LEVELS, TRUST_VIEWS } from '../catch-trust';

/** At most this many items per batch (`POST /c_report/catches`, `/c_report/sales`, `/records/import`). */
export const MAX_BATCH_ITEMS = 500;
/** At most this many bytes per batch body (1 MiB): one byte more is a 413 before anything is parsed. */
export const MAX_BATCH_BYTES = 1024 * 1024;

/**
 * The `detail` of an upload by a logger an operator blocked (403, decision 0041): a code, as every other upload
 * refusal, which the logger program shows its player in its own words ("blocked by the site's moderators").
 */
export const LOGGER_BLOCKED_DETAIL = 'LOGGER_BLOCKED';

/** The idempotency key of a logger's item (and of an official record: `source_id`). */
export const REPORT_ID_MAX_LENGTH = 64;
export const REPORT_ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** An upload's time may run ahead of the server clock by this much (clock skew), and be at most this old. */
export const REPORT_MAX_FUTURE_MS = 5 * 60_000;
export const REPORT_MAX_AGE_DAYS = 400;
const DAY_MS = 86_400_000;

export {
  BAIT_GUIDE_MIN_COUNT,
  CATCH_BOUNDS,
  BAIT_GUIDE_WINDOW_HOURS,
  DEFAULT_HEATMAP_RANGE,
  DEPTH_BAND_EDGES,
  depthBand,
  HEATMAP_GRID,
  HEATMAP_MAX_BLOCK,
  HEATMAP_RANGE_DAYS,
  HEATMAP_RANGES,
  type HeatmapRange,
  type NumberBounds,
  SALE_BOUNDS,
} from '../catch-data-rules';

/** The furthest a `Date` reaches either side of 1970 (ECMAScript: ±100,000,000 days). */
const MAX_DATE_MS = 8.64e15;

/**
 * A time as the API writes it: UTC, `Z`, whole seconds unless there are milliseconds (`2026-11-20T08:15:00Z`). Never
 * throws: a stored time beyond what a `Date` holds (only another tool could write one) is written as the nearest it
 * holds, so one such row cannot break a list.
 */
export function wireTime(time: number | Date): string {
  const ms = Number(time);
  const held = Number.isNaN(ms) ? 0 : Math.min(MAX_DATE_MS, Math.max(-MAX_DATE_MS, ms));
  return new Date(held).toISOString().replace('.000Z', 'Z');
}

/** ISO-8601 with `Z` or an offset (a time without one is ambiguous, so refused), read into the canonical UTC form. */
export const WireTime = z.iso
  .datetime({
    offset: true,
    error: 'Input should be an ISO-8601 time with a time zone, e.g. 2026-11-20T08:15:00Z',
  })
  .transform((value) => wireTime(Date.parse(value)));

/**
 * The time rule of uploads and imports: not more than 5 minutes ahead of `now`, not older than 400 days. Returns the
 * message for the item's `errors`, or null. `time` is a WireTime (already validated); both limits are inclusive.
 */
export function reportTimeError(time: string, now: number): string | null {
  const at = Date.parse(time);
  if (at > now + REPORT_MAX_FUTURE_MS) return 'Time should not be more than 5 minutes in the future';
  if (at < now - REPORT_MAX_AGE_DAYS * DAY_MS) return `Time should not be more than ${REPORT_MAX_AGE_DAYS} days old`;
  return null;
}

export const ReportId = z
  .string()
  .min(1)
  .max(REPORT_ID_MAX_LENGTH)
  .regex(REPORT_ID_PATTERN, `String should match pattern '${REPORT_ID_PATTERN.source}'`);

/** Every field of a shape made optional and nullable (`nullish`) or nullable only, keeping the field types. */
function nullishShape<S extends Record<string, z.ZodType>>(shape: S) {
  const entries = Object.entries(shape).map(([key, schema]) => [key, schema.nullish()]);
  return Object.fromEntries(entries) as { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> };
}
function nullableShape<S extends Record<string, z.ZodType>>(shape: S) {
  const entries = Object.entries(shape).map(([key, schema]) => [key, schema.nullable()]);
  return Object.fromEntries(entries) as { [K in keyof S]: z.ZodNullable<S[K]> };
}

/** A number within its bounds (`CATCH_BOUNDS`, `SALE_BOUNDS`), described with them for `/docs`. */
function bounded({ min, max, integer }: NumberBounds, description: string) {
  return (integer ? z.number().int() : z.number()).min(min).max(max).describe(description);
}

const CatalogueId = z.number().int().positive();
const RodType = z.enum(ROD_TYPES);
const StarTypeSchema = z.literal(STAR_TYPES);
const Direction = z.enum(BOAT_DIRECTIONS);
const Weather = z.enum(WEATHER_KINDS);
/**
 * The logger reports midnight as 0; it is stored and shown as 24 (docs/product-requirements.md §3), so the schema hands
 * the writer 1–24.
 */
const GameHour = z
  .number()
  .int()
  .min(0)
  .max(CATCH_BOUNDS.game_hour.max)
  .describe('Integer 0–24, the game clock; midnight may be sent as 0 and is stored and shown as 24')
  .transform((hour) => (hour === 0 ? 24 : hour));
const Weight = bounded(
  CATCH_BOUNDS.weight,
  "Integer grams, 0–10,000,000 and within the fish's `min_weight`–`max_weight` (catalogue)",
);

/** The measured fields of a catch, shared by logger catches and official records (which may lack them). */
const measured = {
  depth: bounded(CATCH_BOUNDS.depth, 'Metres, 0–200'),
  direction: Direction,
  angle: bounded(CATCH_BOUNDS.angle, 'Integer degrees 0–359, clockwise from north'),
  game_hour: GameHour,
  temperature: bounded(CATCH_BOUNDS.temperature, '°C, −30–50'),
  weather: Weather,
  night: z.boolean(),
  x: z.number().describe("Inside the map's `bounds`, edges included (catalogue); x grows east"),
  y: z.number().describe("Inside the map's `bounds`, edges included (catalogue); y grows north"),
  time_spent: bounded(CATCH_BOUNDS.time_spent, 'Integer seconds from cast to catch, 0–86,400'),
};

const differentBaits = (item: { bait_id: number; bait2_id?: number | null }) =>
  item.bait2_id == null || item.bait2_id !== item.bait_id;
const differentBaitsError = { path: ['bait2_id'], message: 'bait2_id should be a different bait from bait_id' };

/** One catch in `POST /c_report/catches` (docs/catch-data-api.md §1). */
export const CatchItem = z
  .strictObject({
    report_id: ReportId,
    caught_at: WireTime,
    map_id: CatalogueId,
    fish_id: CatalogueId,
    bait_id: CatalogueId,
    bait2_id: CatalogueId.nullish(),
    rod_type: RodType,
    star_type: StarTypeSchema,
    weight: Weight,
    ...measured,
  })
  .refine(differentBaits, differentBaitsError);
export type CatchItem = z.output<typeof CatchItem>;
export type CatchItemInput = z.input<typeof CatchItem>;

/** One sale in `POST /c_report/sales` (docs/catch-data-api.md §1). */
export const SaleItem = z
  .strictObject({
    report_id: ReportId,
    sold_at: WireTime,
    income: bounded(SALE_BOUNDS.income, 'Integer game currency the sale earned, 0–100,000,000'),
    fish_count: bounded(SALE_BOUNDS.fish_count, 'Integer fish sold, 1–1,000'),
    star_count: bounded(SALE_BOUNDS.star_count, 'Integer trophies among the fish sold, 0–1,000, at most `fish_count`'),
  })
  .refine((sale) => sale.star_count <= sale.fish_count, {
    path: ['star_count'],
    message: 'star_count should not be greater than fish_count (trophies are among the fish sold)',
  });
export type SaleItem = z.output<typeof SaleItem>;
export type SaleItemInput = z.input<typeof SaleItem>;

/** One official record in `POST /records/import` and `npm run records:import` (docs/catch-data-api.md §2). */
export const OfficialRecordItem = z
  .strictObject({
    source_id: ReportId,
    caught_at: WireTime,
    map_id: CatalogueId,
    fish_id: CatalogueId,
    bait_id: CatalogueId,
    bait2_id: CatalogueId.nullish(),
    rod_type: RodType,
    star_type: StarTypeSchema,
    weight: Weight,
    player_name: safeLine('Player name', z.string().trim().min(1).max(64)),
    // Records have what the official table shows: null or absent where it shows nothing.
    ...nullishShape(measured),
  })
  .refine(differentBaits, differentBaitsError)
  .refine((record) => (record.x == null) === (record.y == null), {
    path: ['y'],
    message: 'x and y should be given together',
  });
export type OfficialRecordItem = z.output<typeof OfficialRecordItem>;
export type OfficialRecordItemInput = z.input<typeof OfficialRecordItem>;

/** The body of a batch: `{"items": [...]}` with 1–500 items. What clients send; the server judges each item alone. */
export function batchRequestOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item).min(1).max(MAX_BATCH_ITEMS) });
}
export const CatchBatchRequest = batchRequestOf(CatchItem);
export const SaleBatchRequest = batchRequestOf(SaleItem);
export const RecordImportRequest = batchRequestOf(OfficialRecordItem);

/** Why an item was refused: `field` is the path inside the item (`weight`, `a.b`), `""` for the item as a whole. */
export const ItemError = z.object({ field: z.string(), msg: z.string() });
export type ItemError = z.infer<typeof ItemError>;
export const ITEM_STATUSES = ['created', 'duplicate', 'invalid'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/**
 * The answer to a batch, `results` in the order of `items`. `key` names the idempotency key (`report_id`, or
 * `source_id` for records); it is null for an item whose key is missing or malformed.
 */
export function batchResponseOf<K extends string>(key: K) {
  const result = z.object({
    ...({ [key]: z.string().nullable() } as Record<K, z.ZodNullable<z.ZodString>>),
    status: z.enum(ITEM_STATUSES),
    errors: z.array(ItemError).optional(),
  });
  return z.object({
    created: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
    results: z.array(result),
  });
}
export const CatchBatchResponse = batchResponseOf('report_id');
export type CatchBatchResponse = z.infer<typeof CatchBatchResponse>;
export const RecordImportResponse = batchResponseOf('source_id');
export type RecordImportResponse = z.infer<typeof RecordImportResponse>;

// ---- Reading: query strings arrive as text, so reads coerce where uploads never do.

const QueryId = z.coerce.number().int().positive();
/**
 * Which catches a view counts (issue 24, decision 0039): `trusted` (the default: from verified and established
 * loggers, neither flagged nor hidden) or `all` (catches of loggers in probation and flagged ones too; hidden ones
 * never). The answer echoes it, so its sample size says what it counts.
 */
const TrustQuery = z
  .enum(TRUST_VIEWS)
  .default(DEFAULT_TRUST_VIEW)
  .describe('Which catches are counted: `trusted` (default) or `all` (probation and flagged too; never hidden ones)');
const TrustEcho = z.enum(TRUST_VIEWS).describe("Which catches the counts are of (the query's `trust`)");
const QueryStarType = z.coerce.number().pipe(z.literal(STAR_TYPES));
// Compared as times: canonical strings with and without milliseconds do not sort as text.
const fromBeforeTo = (query: { from?: string; to?: string }) =>
  query.from === undefined || query.to === undefined || Date.parse(query.from) < Date.parse(query.to);
const fromBeforeToError = { path: ['to'], message: '`to` should be later than `from`' };

const logFilters = {
  map_id: QueryId.optional(),
  fish_id: QueryId.optional(),
  bait_id: QueryId.optional(),
  star_type: QueryStarType.optional(),
  rod_type: RodType.optional(),
  /** Inclusive. */
  from: WireTime.optional(),
  /** Exclusive. */
  to: WireTime.optional(),
  /** Only my own catches (bearer token needed: 401 without). */
  mine: LaxBool.default(false),
};

/**
 * The log lists count their matches up to this many (`total`, with `total_exact: false` beyond it) and page through
 * that many of the newest: an exact count of millions of catches costs a scan of millions of index entries on every
 * request (decision 0011). Older results are reached by narrowing the filters (`to` = the oldest time seen).
 */
export const LOG_COUNT_LIMIT = 10_000;
const withinCountLimit = (query: { page: number; page_size: number }) =>
  query.page * query.page_size <= LOG_COUNT_LIMIT;
const withinCountLimitError = {
  path: ['page'],
  message: `Pages reach the newest ${LOG_COUNT_LIMIT} results (page × page_size ≤ ${LOG_COUNT_LIMIT}): narrow the filters, e.g. \`to\` = the oldest time seen`,
};

/** A spot on the map (the heat map's cell links here): `x_min ≤ x < x_max`, `y_min ≤ y < y_max`, each optional. */
const spotFilters = {
  x_min: z.coerce.number().optional(),
  x_max: z.coerce.number().optional(),
  y_min: z.coerce.number().optional(),
  y_max: z.coerce.number().optional(),
};

/** `GET /logs/bird`: newest first. */
export const BirdLogQuery = PageQuery.extend({ ...logFilters, ...spotFilters })
  .refine(fromBeforeTo, fromBeforeToError)
  .refine(withinCountLimit, withinCountLimitError);
export type BirdLogQuery = z.output<typeof BirdLogQuery>;
export type BirdLogQueryInput = z.input<typeof BirdLogQuery>;
/** `GET /logs/official`: the same filters and `category` (a rod type). */
export const OfficialLogQuery = PageQuery.extend({ ...logFilters, category: RodType.optional() })
  .refine(fromBeforeTo, fromBeforeToError)
  .refine(withinCountLimit, withinCountLimitError);
export type OfficialLogQuery = z.output<typeof OfficialLogQuery>;
export type OfficialLogQueryInput = z.input<typeof OfficialLogQuery>;
export const LogIdParams = z.object({ id: z.coerce.number().int().positive() });

const MeasuredOut = {
  depth: z.number(),
  direction: Direction,
  angle: z.number().int(),
  /** 1–24. */
  game_hour: z.number().int(),
  temperature: z.number(),
  weather: Weather,
  night: z.boolean(),
  x: z.number(),
  y: z.number(),
  time_spent: z.number().int(),
};
const caughtOut = {
  id: z.number().int(),
  caught_at: z.string(),
  map_id: z.number().int(),
  fish_id: z.number().int(),
  bait_id: z.number().int(),
  bait2_id: z.number().int().nullable(),
  rod_type: RodType,
  star_type: StarTypeSchema,
  weight: z.number().int(),
};

/**
 * A catch as the logs show it: every upload field but `report_id`, and never which logger or player sent it; with
 * its trust level (decision 0039: hidden catches are never listed).
 */
export const BirdLogItem = z.object({
  ...caughtOut,
  ...MeasuredOut,
  trust: z
    .enum(TRUST_LEVELS)
    .describe(
      'How far the catch is trusted: from a logger bound to a verified account, an established logger, a new ' +
        'logger in probation, or flagged (heavier than the official record, a logger under review)',
    ),
});
export type BirdLogItem = z.infer<typeof BirdLogItem>;
/**
 * A page of a log list. `total` counts the matches exactly up to `LOG_COUNT_LIMIT`; `total_exact` is false when
 * there are more (then `total` is `LOG_COUNT_LIMIT`, read "10,000+").
 */
function logPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({ total_exact: z.boolean() });
}
export const BirdLogPage = logPageOf(BirdLogItem);
export type BirdLogPage = z.infer<typeof BirdLogPage>;

/** An official record: the catch fields it has (null where the official table shows nothing) and the player. */
export const OfficialLogItem = z.object({
  ...caughtOut,
  ...nullableShape(MeasuredOut),
  player_name: z.string(),
});
export type OfficialLogItem = z.infer<typeof OfficialLogItem>;
export const OfficialLogPage = logPageOf(OfficialLogItem);
export type OfficialLogPage = z.infer<typeof OfficialLogPage>;

// ---- Heat map (docs/catch-data-api.md §3)

const heatmapFilters = {
  map_id: QueryId,
  fish_id: QueryId.optional(),
  star_type: QueryStarType.optional(),
  range: z.enum(HEATMAP_RANGES).optional(),
  from: WireTime.optional(),
  to: WireTime.optional(),
  trust: TrustQuery,
};

type TimeChoice = { range?: string; from?: string; to?: string };
/** `range` (default 7d, ending now) or `from` + `to`, not both. */
function withOneTimeChoice<S extends z.ZodType<TimeChoice>>(schema: S) {
  return schema
    .refine((q) => (q.from === undefined) === (q.to === undefined), {
      path: ['to'],
      message: '`from` and `to` should be given together',
    })
    .refine((q) => q.range === undefined || q.from === undefined, {
      path: ['range'],
      message: 'Give either `range` or `from` and `to`, not both',
    })
    .refine(fromBeforeTo, fromBeforeToError);
}

/** `GET /heatmap`: `range` (default 7d, ending now) or `from` + `to`, not both. */
export const HeatmapQuery = withOneTimeChoice(z.object(heatmapFilters));
export type HeatmapQuery = z.output<typeof HeatmapQuery>;
export type HeatmapQueryInput = z.input<typeof HeatmapQuery>;

/**
 * `GET /heatmap/cell`: the heat map's filters and one cell (`col`, `row` as in `cells`), or with `size` the square of
 * `size × size` cells from that one north-east (cut at the grid's edge).
 */
export const HeatCellQuery = withOneTimeChoice(
  z.object({
    ...heatmapFilters,
    col: z.coerce
      .number()
      .int()
      .min(0)
      .max(HEATMAP_GRID - 1),
    row: z.coerce
      .number()
      .int()
      .min(0)
      .max(HEATMAP_GRID - 1),
    size: z.coerce.number().int().min(1).max(HEATMAP_MAX_BLOCK).optional(),
  }),
);
export type HeatCellQuery = z.output<typeof HeatCellQuery>;

/** What was caught in one cell under the heat map's filters: the most caught fish and baits (up to 5 each). */
export const HeatCellResponse = z.object({
  map_id: z.number().int(),
  col: z.number().int(),
  row: z.number().int(),
  /** Cells per side of the square asked for (1: one cell). */
  size: z.number().int(),
  /** The cell's area in game coordinates: `x_min ≤ x < x_max`, `y_min ≤ y < y_max` (the last column/row include their edge). */
  x_min: z.number(),
  x_max: z.number(),
  y_min: z.number(),
  y_max: z.number(),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  fishes: z.array(z.object({ fish_id: z.number().int(), count: z.number().int() })),
  baits: z.array(z.object({ bait_id: z.number().int(), count: z.number().int() })),
  /** Shallowest and deepest catch (metres); null when none. */
  depth: z.object({ min: z.number(), max: z.number() }).nullable(),
  trust: TrustEcho,
});
export type HeatCellResponse = z.infer<typeof HeatCellResponse>;

export const MapBounds = z.object({ x_min: z.number(), y_min: z.number(), x_max: z.number(), y_max: z.number() });
export const HeatmapResponse = z.object({
  map_id: z.number().int(),
  cols: z.number().int(),
  rows: z.number().int(),
  cell_w: z.number(),
  cell_h: z.number(),
  bounds: MapBounds,
  /** `[col, row, count]` of every cell with a count > 0; row 0 is the southern edge. */
  cells: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()])),
  max: z.number().int(),
  /** The number of stored catches that match the filters (agrees with `/logs/bird`). */
  total: z.number().int(),
  /** Time of the newest catch counted; null when none. */
  updated_at: z.string().nullable(),
  trust: TrustEcho,
});
export type HeatmapResponse = z.infer<typeof HeatmapResponse>;

// ---- Bait guide (docs/catch-data-api.md §4)

/** `GET /bait-guide` and `/bait-guide/detail`: the last 72 hours ending now. */
export const BaitGuideQuery = z.object({ fish_id: QueryId, map_id: QueryId.optional(), trust: TrustQuery });
export type BaitGuideQuery = z.output<typeof BaitGuideQuery>;

/**
 * How sure a share is (issue 25, decision 0034): the 95 % Wilson score interval of `count / total` (z = 1.96), in
 * 0–1, `share_lower ≤ share ≤ share_upper`; `src/shared/share-interval.ts` computes it for both sides.
 */
const ShareBounds = {
  share_lower: z.number().min(0).max(1).describe('Lower end of the 95 % Wilson score interval of the share (0–1)'),
  share_upper: z.number().min(0).max(1).describe('Upper end of the 95 % Wilson score interval of the share (0–1)'),
};

/** `share = count / total` (0–1) with its interval; lists sorted by count descending, then `bait_id` ascending. */
export const BaitShare = z.object({
  bait_id: z.number().int(),
  count: z.number().int(),
  share: z.number(),
  ...ShareBounds,
});
export type BaitShare = z.infer<typeof BaitShare>;
export const BaitGuideResponse = z.object({
  fish_id: z.number().int(),
  map_id: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  baits: z.array(BaitShare),
  trust: TrustEcho,
});
export type BaitGuideResponse = z.infer<typeof BaitGuideResponse>;

function splitOf<K extends z.ZodType>(key: K) {
  return z.array(z.object({ key, total: z.number().int(), baits: z.array(BaitShare) }));
}
export const BaitGuideDetailResponse = BaitGuideResponse.extend({
  /** Key: game hour 1–24, in order; only hours with catches (likewise below). */
  by_hour: splitOf(z.number().int()),
  /** Key: a depth band label (`DEPTH_BAND_EDGES`: `0-1`, `1-2`, `2-5`, …, `100+`, metres), shallow to deep. */
  by_depth: splitOf(z.string()),
  by_weather: splitOf(Weather),
});
export type BaitGuideDetailResponse = z.infer<typeof BaitGuideDetailResponse>;

/** `GET /bait-guide/top`: every fish's three most used baits in the same 72 hours (the encyclopedia's cards). */
export const BaitGuideTopQuery = z.object({ map_id: QueryId.optional() });
export const BaitGuideTopResponse = z.object({
  map_id: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  /** Fish with at least one catch in the window, by `fish_id`; `baits` as in `/bait-guide`, at most 3. */
  fishes: z.array(z.object({ fish_id: z.number().int(), total: z.number().int(), baits: z.array(BaitShare) })),
  /** Always `trusted`: the encyclopedia's top baits count trusted catches only. */
  trust: TrustEcho,
});
export type BaitGuideTopResponse = z.infer<typeof BaitGuideTopResponse>;

/**
 * `GET /bait-guide/bait?bait_id=…`: the same 72 hours seen from one bait (its page, issue 26): the fish it caught and
 * the maps it caught them on, each with `count` and `share = count / total`, sorted by count descending, then id
 * ascending. `total` is the sample size: the catches whose `bait_id` is this bait (a sandwich catch counts for its
 * first bait, as in `/bait-guide`).
 */
export const BaitCatchesQuery = z.object({ bait_id: QueryId });
export type BaitCatchesQuery = z.output<typeof BaitCatchesQuery>;
export const FishShare = z.object({
  fish_id: z.number().int(),
  count: z.number().int(),
  share: z.number(),
  ...ShareBounds,
});
export const MapShare = z.object({
  map_id: z.number().int(),
  count: z.number().int(),
  share: z.number(),
  ...ShareBounds,
});
export const BaitCatchesResponse = z.object({
  bait_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  fishes: z.array(FishShare),
  maps: z.array(MapShare),
  /** Always `trusted`: a bait's page counts trusted catches only. */
  trust: TrustEcho,
});
export type BaitCatchesResponse = z.infer<typeof BaitCatchesResponse>;

// ---- Personal stats (docs/catch-data-api.md §5)

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `GET /users/me/stats?tz=Area/City`: "today" in the user's IANA zone (UTC by default; unknown → 422). */
export const StatsQuery = z.object({
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/Paris')
    // The zone's canonical spelling (`utc` → `UTC`), so the server compares and caches one name.
    .transform((zone) => new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone)
    .default('UTC'),
});
export type StatsQuery = z.output<typeof StatsQuery>;

export const SaleLogItem = z.object({
  id: z.number().int(),
  sold_at: z.string(),
  income: z.number().int(),
  fish_count: z.number().int(),
  star_count: z.number().int(),
});
export type SaleLogItem = z.infer<typeof SaleLogItem>;

/** How many recent catches and sales the stats list. */
export const STATS_RECENT_LIMIT = 10;
/** How many of the newest trophies the stats list. */
export const STATS_RECENT_TROPHIES_LIMIT = 5;

/**
 * The heaviest catch of one fish, all time (the earliest of equally heavy ones: when the best was first reached),
 * with how many of that fish the logger caught.
 */
export const PersonalBest = z.object({
  fish_id: z.number().int(),
  catch_count: z.number().int(),
  /** The catch's id in the bird logs. */
  id: z.number().int(),
  weight: z.number().int(),
  caught_at: z.string(),
  map_id: z.number().int(),
  bait_id: z.number().int(),
  bait2_id: z.number().int().nullable(),
  star_type: StarTypeSchema,
});
export type PersonalBest = z.infer<typeof PersonalBest>;

/** All-time catches of one trophy star type (446–452). */
export const TrophyCount = z.object({ star_type: StarTypeSchema, count: z.number().int() });
export type TrophyCount = z.infer<typeof TrophyCount>;

/** A trophy catch in the stats' short list. */
export const TrophyItem = z.object({
  id: z.number().int(),
  caught_at: z.string(),
  map_id: z.number().int(),
  fish_id: z.number().int(),
  star_type: StarTypeSchema,
  weight: z.number().int(),
});
export type TrophyItem = z.infer<typeof TrophyItem>;

/**
 * Star count = catches of star types 446–452. A change is null when yesterday was 0. The all-time fields (total,
 * personal bests, trophies) were added later: clients written before them ignore them.
 */
export const StatsResponse = z.object({
  /** The zone whose calendar days "today" and "yesterday" are, canonically spelled. */
  tz: z.string(),
  today_income: z.number().int(),
  yesterday_income: z.number().int(),
  income_change_pct: z.number().nullable(),
  today_star_count: z.number().int(),
  yesterday_star_count: z.number().int(),
  star_change_pct: z.number().nullable(),
  recent_catches: z.array(BirdLogItem),
  recent_sales: z.array(SaleLogItem),
  /** All time: every catch of the logger. */
  total_catches: z.number().int(),
  /** Every fish the logger caught, newest personal best first. */
  personal_bests: z.array(PersonalBest),
  /** Every trophy star type, 446 to 452, with its all-time count (0 included). */
  trophy_counts: z.array(TrophyCount),
  /** The newest trophies, at most `STATS_RECENT_TROPHIES_LIMIT`. */
  recent_trophies: z.array(TrophyItem),
});
export type StatsResponse = z.infer<typeof StatsResponse>;
