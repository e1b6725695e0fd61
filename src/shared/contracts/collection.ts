/**
 * A player's fish collection (issue 25, docs/account-api.md §5): every fish of the game, caught or not yet by the
 * player's bound logger, the heaviest catch and best star class of each, the progress per map, and the public page
 * the player may turn on. The public page's path is `COLLECTION_PAGE_ROUTE` in `../pages.ts`.
 */
import { z } from 'zod';
import { STAR_TYPES, TROPHY_STAR_TYPES } from '../game/catch-attributes';

const Id = z.number().int();

/** The heaviest catch of a fish (the earliest of equally heavy ones: when the best was first reached). */
export const CollectionCatch = z.object({
  weight: z.number().int().describe('Grams'),
  caught_at: z.string().describe('ISO-8601 UTC'),
  map_id: Id,
  star_type: z.literal(STAR_TYPES),
});

export const CollectionFish = z.object({
  fish_id: Id,
  caught: z.boolean(),
  /** All-time catches of this fish by the logger; 0 when not caught yet. */
  catch_count: z.number().int(),
  /** Null when not caught yet. */
  heaviest: CollectionCatch.nullable(),
  /** The highest trophy star type (446–452) any catch of this fish reached; null when none did. */
  best_star_type: z.literal(TROPHY_STAR_TYPES).nullable(),
});
export type CollectionFish = z.infer<typeof CollectionFish>;

/** "12 of 19 fish of this lake": of the fish living on the map (the catalogue's habitats), how many are caught. */
export const CollectionMapProgress = z.object({ map_id: Id, caught: z.number().int(), total: z.number().int() });
export type CollectionMapProgress = z.infer<typeof CollectionMapProgress>;

/** The collection itself: the same in the owner's answer and on the public page. */
export const Collection = z.object({
  /** Fish of the game (not deprecated) caught, and their number. */
  caught: z.number().int(),
  total: z.number().int(),
  /** Every map with fish, in catalogue order. */
  maps: z.array(CollectionMapProgress),
  /** Every fish of the game in catalogue order, then any deprecated fish the player caught. */
  fishes: z.array(CollectionFish),
});
export type Collection = z.infer<typeof Collection>;

/** Whether the public page is on, and its link. */
export const CollectionSharing = z.object({
  public: z.boolean(),
  /** The link's random part; null while sharing is off. */
  share_id: z.string().nullable(),
  /** The public page's address (in the language of `Accept-Language`); null while sharing is off. */
  share_url: z.string().nullable(),
});
export type CollectionSharing = z.infer<typeof CollectionSharing>;

/** `GET /users/me/collection`. */
export const MyCollectionResponse = Collection.extend({
  /** Whether a logger is bound: without one, every fish is "not yet". */
  logger_bound: z.boolean(),
  sharing: CollectionSharing,
});
export type MyCollectionResponse = z.infer<typeof MyCollectionResponse>;

/** `PUT /users/me/collection/sharing`. */
export const CollectionSharingBody = z.object({ public: z.boolean() });
export type CollectionSharingBody = z.infer<typeof CollectionSharingBody>;

/** `GET /collections/{share_id}`: the collection alone, never who it belongs to. */
export const PublicCollectionParams = z.object({ share_id: z.string() });
export const PublicCollectionResponse = Collection;
export type PublicCollectionResponse = z.infer<typeof PublicCollectionResponse>;
