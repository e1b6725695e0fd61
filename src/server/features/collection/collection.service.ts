/**
 * "My collection" (issue 25): every fish of the game, caught or not yet by the player's bound logger, with the
 * heaviest catch and best star class of each and the progress per map; and its public page, which the player turns on
 * and off. A collection costs one grouped read of the logger's catches over its entries of migration 0022's `catch_client_caught` (the personal
 * stats' `groupsOf`, handed in by services.ts) and the catalogue in memory: never a query per fish.
 */
import { randomBytes } from 'node:crypto';
import type { CollectionSharing, MyCollectionResponse, PublicCollectionResponse } from '#shared/contracts/collection';
import { localePath, type Locale } from '#shared/locales';
import { collectionPagePath, isShareId } from '#shared/pages';
import type { User } from '../../accounts/users.repository';
import { DomainError } from '../../domain-error';
import { type CatchGroupRow, type CollectionCatalogueView, collectionOf } from './collection-fold';
import type { CollectionSharesRepository } from './collection-shares.repository';

/** A logger's catches grouped by (star type, fish), each group's first heaviest catch beside its count. */
export interface LoggerCatchGroups {
  groupsOf(loggerId: string): Promise<CatchGroupRow[]>;
}

export interface CollectionCatalogue {
  view(): Promise<CollectionCatalogueView>;
}

export const COLLECTION_NOT_FOUND = 'COLLECTION_NOT_FOUND';

/** 128 random bits as 22 base64url characters: a link nobody can guess, short enough to paste anywhere. */
export function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

export interface CollectionServiceOptions {
  shares: CollectionSharesRepository;
  /** The owner's own catches, read where they are written (no replica lag after an upload). */
  ownCatches: LoggerCatchGroups;
  /** A shared collection's catches: a public read, which may be served by the read connection or replica. */
  sharedCatches: LoggerCatchGroups;
  catalogue: CollectionCatalogue;
  /** The site's address for the share links (PUBLIC_BASE_URL), without a trailing slash. */
  publicBaseUrl: string;
  clock?: () => number;
  makeShareId?: () => string;
}

export class CollectionService {
  private readonly clock: () => number;
  private readonly makeShareId: () => string;

  constructor(private readonly options: CollectionServiceOptions) {
    this.clock = options.clock ?? Date.now;
    this.makeShareId = options.makeShareId ?? newShareId;
  }

  async mine(user: Pick<User, 'id' | 'client_id'>, locale: Locale): Promise<MyCollectionResponse> {
    const [view, rows, shareId] = await Promise.all([
      this.options.catalogue.view(),
      user.client_id ? this.options.ownCatches.groupsOf(user.client_id) : Promise.resolve([]),
      this.options.shares.shareIdOf(user.id),
    ]);
    return {
      ...collectionOf(view, rows),
      logger_bound: user.client_id !== null,
      sharing: this.sharing(shareId, locale),
    };
  }

  /** Turns the public page on (keeping the link when it is on already) or off (every old link then answers 404). */
  async setSharing(user: Pick<User, 'id'>, on: boolean, locale: Locale): Promise<CollectionSharing> {
    if (!on) {
      await this.options.shares.turnOff(user.id);
      return this.sharing(null, locale);
    }
    return this.sharing(await this.options.shares.turnOn(user.id, this.makeShareId(), this.clock()), locale);
  }

  /** The collection shared under `shareId`; COLLECTION_NOT_FOUND when nobody shares under it (now). */
  async shared(shareId: string): Promise<PublicCollectionResponse> {
    // A segment that cannot be a share id is never looked up.
    const owner = isShareId(shareId) ? await this.options.shares.loggerOfShare(shareId) : undefined;
    if (!owner) throw new DomainError('not-found', COLLECTION_NOT_FOUND);
    const [view, rows] = await Promise.all([
      this.options.catalogue.view(),
      owner.client_id ? this.options.sharedCatches.groupsOf(owner.client_id) : Promise.resolve([]),
    ]);
    return collectionOf(view, rows);
  }

  private sharing(shareId: string | null, locale: Locale): CollectionSharing {
    return {
      public: shareId !== null,
      share_id: shareId,
      share_url:
        shareId === null ? null : `${this.options.publicBaseUrl}${localePath(locale, collectionPagePath(shareId))}`,
    };
  }
}
