/**
 * A member's side of alerts (migration 0023): follows, the e-mail setting, the alerts and their read state. The job's
 * own tables are alert-job.repository.ts's.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AlertFollowTable, AlertTable, Database } from '../../db/schema';
import { forUpdate } from '../../db/row-locks';

export type FollowRow = Selectable<AlertFollowTable>;
export type AlertRow = Selectable<AlertTable>;

export class AlertsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The member's follows, newest first. */
  follows(userId: string): Promise<FollowRow[]> {
    return this.db
      .selectFrom('alert_follow')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Adds a follow unless the member already has it (then answers that one, `created: false`) or keeps `max` follows
   * already (`'limit'`). One transaction that first locks the member's row (PostgreSQL; SQLite runs one write
   * transaction at a time), so two requests at once cannot both pass the count.
   */
  async addFollow(
    userId: string,
    fishId: number,
    mapKey: number,
    now: number,
    max: number,
  ): Promise<{ follow: FollowRow; created: boolean } | 'limit'> {
    return this.db.transaction().execute(async (trx) => {
      await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
      const existing = await trx
        .selectFrom('alert_follow')
        .selectAll()
        .where('user_id', '=', userId)
        .where('fish_id', '=', fishId)
        .where('map_key', '=', mapKey)
        .executeTakeFirst();
      if (existing) return { follow: existing, created: false };
      const { count } = await trx
        .selectFrom('alert_follow')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return 'limit';
      const follow = await trx
        .insertInto('alert_follow')
        .values({ user_id: userId, fish_id: fishId, map_key: mapKey, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { follow, created: true };
    });
  }

  /** Removes one of the member's follows; false when the member has none with this id. */
  async removeFollow(userId: string, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('alert_follow')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Whether alert e-mails are on for the member (they are unless turned off). */
  async emailsOn(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('alert_member')
      .select('emails_off_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return !row || row.emails_off_at === null;
  }

  /** Turns alert e-mails on or off (off keeps the first time it was turned off). */
  async setEmails(userId: string, on: boolean, now: number): Promise<void> {
    await this.db
      .insertInto('alert_member')
      .values({ user_id: userId, emails_off_at: on ? null : now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          emails_off_at: on ? null : eb.fn.coalesce('alert_member.emails_off_at', eb.val(now)),
        })),
      )
      .execute();
  }

  /** One page of the member's alerts, newest first, with their total and the unread count. */
  async alerts(userId: string, page: number, pageSize: number) {
    const rows = await this.db
      .selectFrom('alert')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const counts = await this.db
      .selectFrom('alert')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(counts.total), unread: Number(counts.unread) };
  }

  /** How many of the member's alerts are unread (the bell). */
  async unread(userId: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('alert')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Marks the member's alerts read (the ones named, or all); another member's ids are left alone. */
  async markRead(userId: string, ids: readonly number[] | undefined, now: number): Promise<void> {
    let query = this.db
      .updateTable('alert')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (ids) query = query.where('id', 'in', [...ids]);
    await query.execute();
  }
}
