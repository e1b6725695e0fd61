/**
 * A catalogue package (docs/catalogue-format.md): one game patch's maps, fish, baits, star types and bait types, as an
 * operator imports them. The package files, the dry run's report (problems, diff, impact) and the versions applied are
 * typed here once: the importer, the CLI, the admin API and its page all read these shapes.
 */
import { z } from 'zod';
import { CATEGORY_GROUPS, type CategoryGroup } from './catalogue';

/** The `format_version` this server reads and writes. */
export const CATALOGUE_FORMAT_VERSION = 1;

/** The file of each group inside a package: `<group>.json` beside `manifest.json`. */
export const PACKAGE_GROUP_FILES: Readonly<Record<CategoryGroup, string>> = Object.fromEntries(
  CATEGORY_GROUPS.map((group) => [group, `${group}.json`]),
) as Record<CategoryGroup, string>;

/** Pictures a package may carry under `images/`, by the extension their name ends with. */
export const PACKAGE_IMAGE_TYPES = ['png', 'webp', 'jpeg', 'svg'] as const;
/** The largest picture a package may carry. */
export const PACKAGE_IMAGE_MAX_BYTES = 20 * 1024 * 1024;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lowercase hex (64 characters)');
const RelativePath = z.string().min(1).max(255);

export const PackageManifest = z.strictObject({
  /** Which game the package describes (free text, e.g. "Fishing Planet"): shown, never interpreted. */
  game: z.string().trim().min(1).max(100),
  /** The game patch, e.g. "1.0.23"; "new in <patch>" badges show it. */
  patch: z.string().trim().min(1).max(40),
  format_version: z.literal(CATALOGUE_FORMAT_VERSION),
  /** When the package was made (ISO 8601); informative, not part of the content compared between versions. */
  created_at: z.iso.datetime({ offset: true }),
  /** Every other file of the package (group files and pictures) by relative path, with its SHA-256. */
  files: z.record(RelativePath, Sha256),
});
export type PackageManifest = z.infer<typeof PackageManifest>;

const Name = z.string().trim().min(1).max(100);
const item = {
  /** Stable across patches: the id catches, sales and records reference. */
  id: z.number().int().positive(),
  /** Chinese name (required); the fallback in every language. */
  name: Name,
  name_en: Name.nullable().optional(),
  name_ja: Name.nullable().optional(),
  /** Position in the group's lists (ascending, then id). */
  sort: z.number().int(),
  /** Gone from the game: kept so history shows it, hidden from pickers. */
  deprecated: z.boolean().optional(),
};

export const PackageFish = z.strictObject({
  ...item,
  data: z.strictObject({
    level: z.number().int().min(1).max(7),
    latin: z.string().trim().max(200),
    min_weight: z.number().int().nonnegative(),
    max_weight: z.number().int().positive(),
    /** Minimum weight (grams) of each star class, ascending with the star class. */
    star_weights: z.array(z.strictObject({ star_type: z.number().int(), min_weight: z.number().int() })),
    /** Map ids where the fish lives. */
    maps: z.array(z.number().int().positive()),
  }),
});
export const PackageMap = z.strictObject({
  ...item,
  data: z.strictObject({
    /** Relative path of the picture inside the package, e.g. "images/lake.webp". */
    image: RelativePath,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** Game coordinates the picture covers: x grows east, y grows north. */
    bounds: z.strictObject({ x_min: z.number(), y_min: z.number(), x_max: z.number(), y_max: z.number() }),
  }),
});
export const PackageBait = z.strictObject({
  ...item,
  data: z.strictObject({
    /** Id of the bait type (a `fish_way` item). */
    fish_way: z.number().int().positive(),
    /** Relative path of the icon inside the package. */
    image: RelativePath,
  }),
});
export const PackageStarType = z.strictObject({
  ...item,
  id: z.number().int().nonnegative(),
  data: z.strictObject({}),
});
export const PackageBaitType = z.strictObject({ ...item, data: z.strictObject({}) });

/** `<group>.json`: `{"group": "<group>", "items": [...]}`. */
export const PackageGroupFiles = {
  fish: z.strictObject({ group: z.literal('fish'), items: z.array(PackageFish) }),
  maps: z.strictObject({ group: z.literal('maps'), items: z.array(PackageMap) }),
  baits: z.strictObject({ group: z.literal('baits'), items: z.array(PackageBait) }),
  star_type: z.strictObject({ group: z.literal('star_type'), items: z.array(PackageStarType) }),
  fish_way: z.strictObject({ group: z.literal('fish_way'), items: z.array(PackageBaitType) }),
} as const;

export type PackageFish = z.infer<typeof PackageFish>;
export type PackageMap = z.infer<typeof PackageMap>;
export type PackageBait = z.infer<typeof PackageBait>;
export type PackageStarType = z.infer<typeof PackageStarType>;
export type PackageBaitType = z.infer<typeof PackageBaitType>;
/** Every group's items as the package states them. */
export interface PackageGroups {
  fish: PackageFish[];
  maps: PackageMap[];
  baits: PackageBait[];
  star_type: PackageStarType[];
  fish_way: PackageBaitType[];
}

/**
 * One thing wrong with a package. `file` is the package-relative path ("fish.json", "images/a.png", "manifest.json"
 * or "" for the package itself), `item_id` and `field` (a dotted path such as "data.star_weights.2.min_weight") say
 * where when they apply. `code` is stable (the admin page words it in the reader's language, with `params`);
 * `message` is the English sentence the CLI prints.
 */
export const PackageProblem = z.object({
  file: z.string(),
  item_id: z.number().int().nullable(),
  field: z.string().nullable(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
});
export type PackageProblem = z.infer<typeof PackageProblem>;

const DiffItem = { group: z.enum(CATEGORY_GROUPS), id: z.number().int(), name: z.string() };
/** One field of an item that the package changes, with its live and its new value (JSON values). */
export const FieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
/** Stored rows that reference an item: what a change to it touches. */
export const ItemImpact = z.object({
  catches: z.number().int(),
  sales: z.number().int(),
  records: z.number().int(),
});
export const CatalogueDiff = z.object({
  added: z.array(z.object(DiffItem)),
  changed: z.array(
    z.object({
      ...DiffItem,
      fields: z.array(FieldChange),
      /** Set when the change moves stored data: map bounds (catches re-binned) or fish weights (stars re-judged). */
      impact: ItemImpact.nullable(),
    }),
  ),
  /** Ids live but absent from the package; `impact` counts the stored rows still referencing them. */
  removed: z.array(z.object({ ...DiffItem, impact: ItemImpact })),
  /** Ids the package newly marks deprecated (kept, hidden from pickers). */
  deprecated: z.array(z.object(DiffItem)),
});
export type CatalogueDiff = z.infer<typeof CatalogueDiff>;

export const CatalogueVersion = z.object({
  /** 1, 2, 3 … in the order applied. */
  id: z.number().int(),
  game: z.string(),
  patch: z.string(),
  /** SHA-256 of the package's content (its group files and pictures; not `created_at`). */
  package_sha256: z.string(),
  /** `import`, or `rollback` when it restored an earlier version's content (`restored_from`). */
  kind: z.enum(['import', 'rollback']),
  restored_from: z.number().int().nullable(),
  /** E-mail of the superuser who applied it, or the operator command ("cli", "demo"). */
  applied_by: z.string(),
  /** Epoch milliseconds. */
  applied_at: z.number().int(),
});
export type CatalogueVersion = z.infer<typeof CatalogueVersion>;

/** What a dry run answers, and what an apply answers besides the version it made. */
export const CatalogueDryRun = z.object({
  /** False when `problems` is not empty: nothing can be applied. */
  ok: z.boolean(),
  problems: z.array(PackageProblem),
  manifest: PackageManifest.pick({ game: true, patch: true, created_at: true }).nullable(),
  /** Null when the package could not be read far enough to compare. */
  diff: CatalogueDiff.nullable(),
  /** The package holds exactly the live catalogue: applying it changes nothing. */
  unchanged: z.boolean(),
  /** Maps whose bounds change: their heat-map rollups are rebuilt on apply. */
  rebuild_maps: z.array(z.number().int()),
});
export type CatalogueDryRun = z.infer<typeof CatalogueDryRun>;

export const CatalogueApplyResult = CatalogueDryRun.extend({
  /** The version made; null when nothing changed (identical content) or the package was refused. */
  version: CatalogueVersion.nullable(),
});
export type CatalogueApplyResult = z.infer<typeof CatalogueApplyResult>;

export const CatalogueVersionList = z.object({
  items: z.array(CatalogueVersion),
  /** The live version's id; null before the first import. */
  live: z.number().int().nullable(),
});
export type CatalogueVersionList = z.infer<typeof CatalogueVersionList>;
