import { z } from 'zod';
import { LOCALES } from '../locales';
import { PageQuery, LaxBool, pageOf } from './common';

export const CATEGORY_GROUPS = ['fish', 'maps', 'baits', 'star_type', 'fish_way'] as const;
export const CategoryGroup = z.enum(CATEGORY_GROUPS);
export type CategoryGroup = z.infer<typeof CategoryGroup>;

/** Minimum weight (grams) a catch of this fish needs to reach a star class (446–452). */
export const StarWeight = z.object({ star_type: z.number().int(), min_weight: z.number().int() });

export const FishData = z.object({
  /** Small level 1–7, the rarity of the species (docs/product-requirements.md §3). */
  level: z.number().int().min(1).max(7),
  /** Scientific name, shown in the encyclopedia. */
  latin: z.string(),
  min_weight: z.number().int(),
  max_weight: z.number().int(),
  star_weights: z.array(StarWeight),
  /** Map ids where the fish lives. */
  maps: z.array(z.number().int()),
});
export type FishData = z.infer<typeof FishData>;

export const MapData = z.object({
  /** URL of the generated map picture. */
  image: z.string(),
  /** Picture size in pixels. */
  width: z.number().int(),
  height: z.number().int(),
  /** Game coordinate bounds covered by the picture: x grows east, y grows north. */
  bounds: z.object({ x_min: z.number(), y_min: z.number(), x_max: z.number(), y_max: z.number() }),
});
export type MapData = z.infer<typeof MapData>;

export const BaitData = z.object({
  /** Id of the bait type (a `fish_way` category). */
  fish_way: z.number().int(),
  image: z.string(),
});
export type BaitData = z.infer<typeof BaitData>;

const base = {
  id: z.number().int(),
  /** Chinese name; the fallback for every language. */
  name: z.string(),
  name_en: z.string().nullable(),
  name_ja: z.string().nullable(),
  /**
   * Toneless pinyin of `name`, one syllable per Chinese character, separated by spaces ('鲤鱼' → 'li yu'): the zh
   * lists' sort key, and what the search matches pinyin against (issue 26), computed once by the server.
   */
  name_pinyin: z.string(),
  /** Index letter of the Chinese name (pinyin initial), A–Z or '#'. */
  letter: z.string(),
  /** Index letter of the English name, used by the en and ja lists. */
  letter_en: z.string(),
  sort: z.number().int(),
  /** Gone from the game: kept so history shows it; pickers hide it. */
  deprecated: z.boolean(),
  /** The live patch when this item first appeared in it (the "new in <patch>" badge), else null. */
  new_in: z.string().nullable(),
};

export const FishItem = z.object({ ...base, group_type: z.literal('fish'), data: FishData });
export const MapItem = z.object({ ...base, group_type: z.literal('maps'), data: MapData });
export const BaitItem = z.object({ ...base, group_type: z.literal('baits'), data: BaitData });
export const StarTypeItem = z.object({ ...base, group_type: z.literal('star_type'), data: z.object({}) });
export const FishWayItem = z.object({ ...base, group_type: z.literal('fish_way'), data: z.object({}) });
export const CategoryItem = z.discriminatedUnion('group_type', [
  FishItem,
  MapItem,
  BaitItem,
  StarTypeItem,
  FishWayItem,
]);

export type FishItem = z.infer<typeof FishItem>;
export type MapItem = z.infer<typeof MapItem>;
export type BaitItem = z.infer<typeof BaitItem>;
export type StarTypeItem = z.infer<typeof StarTypeItem>;
export type FishWayItem = z.infer<typeof FishWayItem>;
export type CategoryItem = z.infer<typeof CategoryItem>;

/** GET /api/system/get_category_list?category_group=fish&category_group=maps — only the groups asked. */
export const CategoryListQuery = z.object({
  // One `category_group` arrives as a string, several as an array.
  category_group: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(CategoryGroup).min(1)),
});
export const CategoryListResponse = z.object({
  category_list: z.object({
    fish: z.array(FishItem).optional(),
    maps: z.array(MapItem).optional(),
    baits: z.array(BaitItem).optional(),
    star_type: z.array(StarTypeItem).optional(),
    fish_way: z.array(FishWayItem).optional(),
  }),
});
export type CategoryList = z.infer<typeof CategoryListResponse>['category_list'];

/** GET /api/system/get_fishes_by_map_id?map_id= */
export const FishesByMapQuery = z.object({ map_id: z.coerce.number().int().positive() });
export const FishesByMapResponse = z.object({ items: z.array(FishItem) });

/**
 * GET /api/system/get_categories — paged search. `like_start` true: prefix match on name / name_en / name_ja /
 * letter; false: substring. `letter` filters by index letter ('#' = not A–Z), read from the column of `lang`.
 * `fish_way` keeps the baits of one bait type (issue 26); only baits have a type, so it goes with `group_type=baits`.
 */
export const CategoriesQuery = PageQuery.extend({
  group_type: CategoryGroup.optional(),
  fish_way: z.coerce.number().int().positive().optional(),
  like_str: z.string().trim().max(100).optional(),
  like_start: LaxBool.default(true),
  letter: z
    .string()
    .regex(/^([A-Za-z]|#)$/, 'letter must be one letter A–Z or #')
    .transform((v) => v.toUpperCase())
    .optional(),
  lang: z.enum(LOCALES).default('zh'),
}).refine((query) => query.fish_way === undefined || query.group_type === 'baits', {
  path: ['fish_way'],
  message: '`fish_way` (a bait type) filters baits: give it with `group_type=baits`',
});
/** What the server reads (defaults applied). */
export type CategoriesQuery = z.infer<typeof CategoriesQuery>;
/** What a client may send. */
export type CategoriesQueryInput = z.input<typeof CategoriesQuery>;
export const CategoriesResponse = pageOf(CategoryItem);
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;
