/**
 * Which players share their collection, and under which id (migration 0020's `collection_share`: a row only while
 * sharing is on). Every statement reads one row by a unique key.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class CollectionSharesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's share id; null while sharing is off. */
  async shareIdOf(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('collection_share')
      .select('share_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.share_id ?? null;
  }

  /**
   * Turns sharing on with `shareId`, unless it is on already: then the link the player may have handed out stays.
   * Answers the id in force (two requests at once both answer the one stored), or null when an "off" sent at the same
   * time deleted it meanwhile.
   */
  async turnOn(userId: string, shareId: string, now: number): Promise<string | null> {
    await this.db
      .insertInto('collection_share')
      .values({ user_id: userId, share_id: shareId, created_at: now })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    return this.shareIdOf(userId);
  }

  /** Turns sharing off: the row goes, and with it every link to it. */
  async turnOff(userId: string): Promise<void> {
    await this.db.deleteFrom('collection_share').where('user_id', '=', userId).execute();
  }

  /**
   * The sharing player's bound logger (null without one); undefined when no active player shares under this id (a
   * deactivated account's page goes dark with it, and comes back if it is reactivated).
   */
  async loggerOfShare(shareId: string): Promise<{ client_id: string | null } | undefined> {
    return this.db
      .selectFrom('collection_share')
      .innerJoin('users', 'users.id', 'collection_share.user_id')
      .select('users.client_id')
      .where('collection_share.share_id', '=', shareId)
      .where('users.is_active', '=', true)
      .executeTakeFirst();
  }
}
