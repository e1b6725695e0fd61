/**
 * The alert job's reads and writes (decision 0036): who follows what, the job's memory (migration 0023: the last top
 * three of each followed fish and map, trophy counts per map and catch day, the maps' change counters as last read),
 * the trophy catches of followed fish counted from the catch table's indexes, and the alerts' e-mail states.
 */
import { TRUSTED_MAX } from '#shared/catch-trust';
import type { Kysely } from 'kysely';
import { TROPHY_STAR_TYPES } from '#shared/game/catch-attributes';
import { TROPHIES_ONLY } from '../../db/planner-hints';
import type { Database } from '../../db/schema';
import type { AlertDetail, TrophyCatch } from './alert-rows';
import { storedDetail } from './alert-rows';

/** What the job needs of a member: whether and where and in which language to mail them, and their VIP. */
export interface AlertMember {
  email: string;
  nickname: string;
  locale: string;
  is_verified: boolean;
  vip_expire_at: string | null;
  /** Alert e-mails turned off (null: on). */
  emails_off_at: number | null;
}

/** A follow with what the job needs of its member. */
export interface FollowerRow extends AlertMember {
  user_id: string;
  fish_id: number;
  map_key: number;
}

/** An alert to raise: the unique (member, fish, day) decides whether it is new. */
export interface NewAlert {
  user_id: string;
  fish_id: number;
  day: number;
  map_key: number;
  detail: AlertDetail;
  /** `pending` when it is to be mailed, `skipped` otherwise. */
  mail_state: 'pending' | 'skipped';
}

/** Trophy catches of a fish on a map, caught on one UTC day. */
export interface TrophyCount {
  fish_id: number;
  map_id: number;
  day: number;
  count: number;
}

/** What one run learnt, stored with its alerts in one transaction. */
export interface JobState {
  scopes: { fish_id: number; map_key: number; top: readonly number[] }[];
  /** The fish whose trophy counts were read: their rows from `fromDay` on are replaced by `counts`. */
  countedFish: readonly number[];
  fromDay: number;
  counts: readonly TrophyCount[];
  changes: ReadonlyMap<number, number>;
}

/** An alert whose e-mail is due, with its member. */
export interface MailDue extends AlertMember {
  id: number;
  user_id: string;
  fish_id: number;
  map_key: number;
  kind: string;
  detail: string;
  mail_attempts: number;
}

/** The member's columns, read beside a follow or an alert (`u`: users, `m`: alert_member, left-joined). */
const MEMBER_COLUMNS = [
  'u.email',
  'u.nickname',
  'u.locale',
  'u.is_verified',
  'u.vip_expire_at',
  'm.emails_off_at',
] as const;

/** The member's columns as the job uses them, whatever the dialect answered (SQLite's 0/1, PostgreSQL's bigint text). */
function memberFields(row: { is_verified: unknown; emails_off_at: unknown }) {
  return {
    is_verified: Boolean(row.is_verified),
    emails_off_at: row.emails_off_at === null ? null : Number(row.emails_off_at),
  };
}

const TROPHIES = [...TROPHY_STAR_TYPES];
/** Rows per insert statement (far below either dialect's bind-parameter limit). */
const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export class AlertJobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every follow with its member (the job keeps those of active members). */
  async followers(): Promise<FollowerRow[]> {
    const rows = await this.db
      .selectFrom('alert_follow as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .leftJoin('alert_member as m', 'm.user_id', 'f.user_id')
      .select(['f.user_id', 'f.fish_id', 'f.map_key', ...MEMBER_COLUMNS])
      .where('u.is_active', '=', true)
      .orderBy('f.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      fish_id: Number(row.fish_id),
      map_key: Number(row.map_key),
      ...memberFields(row),
    }));
  }

  /** The last top three of every followed (fish, map) the job has seen, by `fish:map_key`. */
  async scopes(): Promise<Map<string, number[]>> {
    const rows = await this.db.selectFrom('alert_scope').select(['fish_id', 'map_key', 'top_bait_ids']).execute();
    return new Map(
      rows.map((row) => [
        scopeKey(Number(row.fish_id), Number(row.map_key)),
        row.top_bait_ids === '' ? [] : row.top_bait_ids.split(',').map(Number),
      ]),
    );
  }

  async seenChanges(): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('alert_seen_changes').selectAll().execute();
    return new Map(rows.map((row) => [Number(row.map_id), Number(row.changes)]));
  }

  /**
   * Trophy catches (star types 446–452) of the fish caught in `[from, to)`, per fish and map: a range of the catch
   * table's (star type, caught_at, …, map, fish) index of trophies (migrations 0004, 0028) or its (fish, caught_at, …)
   * index, read from its entries.
   */
  async trophyCounts(fishIds: readonly number[], from: number, to: number, day: number): Promise<TrophyCount[]> {
    if (fishIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('catch')
      .select(['fish_id', 'map_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('fish_id', 'in', [...fishIds])
      .where('star_type', 'in', TROPHIES)
      .where(TROPHIES_ONLY)
      .where('caught_at', '>=', from)
      .where('caught_at', '<', to)
      // Trusted catches only (decision 0039): a logger in probation or under review raises no alert.
      .where('trust', '<=', TRUSTED_MAX)
      .groupBy(['fish_id', 'map_id'])
      .execute();
    return rows.map((row) => ({
      fish_id: Number(row.fish_id),
      map_id: Number(row.map_id),
      day,
      count: Number(row.count),
    }));
  }

  /** The trophy counts the job stored for the fish, from `fromDay` on. */
  async storedTrophyCounts(fishIds: readonly number[], fromDay: number): Promise<TrophyCount[]> {
    if (fishIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('alert_trophy_count')
      .selectAll()
      .where('fish_id', 'in', [...fishIds])
      .where('day', '>=', fromDay)
      .execute();
    return rows.map((row) => ({
      fish_id: Number(row.fish_id),
      map_id: Number(row.map_id),
      day: Number(row.day),
      count: Number(row.count),
    }));
  }

  /** The newest trophy catch of the fish on the maps since `from` (what an alert shows). */
  async newestTrophy(fishId: number, mapIds: readonly number[], from: number): Promise<TrophyCatch | null> {
    if (mapIds.length === 0) return null;
    const row = await this.db
      .selectFrom('catch')
      .select(['map_id', 'star_type', 'weight', 'caught_at'])
      .where('fish_id', '=', fishId)
      .where('caught_at', '>=', from)
      .where('star_type', 'in', TROPHIES)
      .where(TROPHIES_ONLY)
      .where('map_id', 'in', [...mapIds])
      .where('trust', '<=', TRUSTED_MAX)
      .orderBy('caught_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      map_id: Number(row.map_id),
      star_type: Number(row.star_type),
      weight: Number(row.weight),
      caught_at: Number(row.caught_at),
    };
  }

  /**
   * One transaction: the alerts inserted (a (member, fish, day) that has one already is skipped: the database keeps
   * the once-a-day rule whoever runs the job), then the job's memory. Answers how many alerts were new.
   */
  async commit(alerts: readonly NewAlert[], state: JobState, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let created = 0;
      for (const chunk of chunks(alerts)) {
        const inserted = await trx
          .insertInto('alert')
          .values(
            chunk.map((alert) => ({
              user_id: alert.user_id,
              fish_id: alert.fish_id,
              day: alert.day,
              kind: alert.detail.kind,
              map_key: alert.map_key,
              detail: storedDetail(alert.detail),
              created_at: now,
              read_at: null,
              mail_state: alert.mail_state,
              mail_at: null,
            })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'fish_id', 'day']).doNothing())
          .returning('id')
          .execute();
        created += inserted.length;
      }
      for (const chunk of chunks(state.scopes))
        await trx
          .insertInto('alert_scope')
          .values(
            chunk.map((scope) => ({
              fish_id: scope.fish_id,
              map_key: scope.map_key,
              top_bait_ids: scope.top.join(','),
              checked_at: now,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['fish_id', 'map_key']).doUpdateSet((eb) => ({
              top_bait_ids: eb.ref('excluded.top_bait_ids'),
              checked_at: eb.ref('excluded.checked_at'),
            })),
          )
          .execute();
      if (state.countedFish.length > 0) {
        await trx
          .deleteFrom('alert_trophy_count')
          .where('fish_id', 'in', [...state.countedFish])
          .where('day', '>=', state.fromDay)
          .execute();
        for (const chunk of chunks(state.counts)) await trx.insertInto('alert_trophy_count').values(chunk).execute();
      }
      const changes = [...state.changes].map(([map_id, value]) => ({ map_id, changes: value }));
      for (const chunk of chunks(changes))
        await trx
          .insertInto('alert_seen_changes')
          .values(chunk)
          .onConflict((oc) => oc.column('map_id').doUpdateSet((eb) => ({ changes: eb.ref('excluded.changes') })))
          .execute();
      return created;
    });
  }

  /**
   * Forgets what no longer matters: the memory of (fish, map)s nobody follows, trophy counts of days before
   * `fromDay` or of fish nobody follows, and alerts older than `alertsBefore`.
   */
  async cleanup(fromDay: number, alertsBefore: number): Promise<void> {
    await this.db
      .deleteFrom('alert_scope')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('alert_follow')
              .select('alert_follow.id')
              .whereRef('alert_follow.fish_id', '=', 'alert_scope.fish_id')
              .whereRef('alert_follow.map_key', '=', 'alert_scope.map_key'),
          ),
        ),
      )
      .execute();
    await this.db
      .deleteFrom('alert_trophy_count')
      .where((eb) =>
        eb.or([
          eb('day', '<', fromDay),
          eb.not(
            eb.exists(
              eb
                .selectFrom('alert_follow')
                .select('alert_follow.id')
                .whereRef('alert_follow.fish_id', '=', 'alert_trophy_count.fish_id'),
            ),
          ),
        ]),
      )
      .execute();
    await this.db.deleteFrom('alert').where('created_at', '<', alertsBefore).execute();
  }

  /**
   * Alerts whose e-mail is still to go: pending ones, and ones claimed before `staleBefore` by a run that did not
   * finish (a crash mid-send), created since `since`.
   */
  async mailsDue(since: number, staleBefore: number): Promise<MailDue[]> {
    const rows = await this.db
      .selectFrom('alert as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('alert_member as m', 'm.user_id', 'a.user_id')
      .select([
        'a.id',
        'a.user_id',
        'a.fish_id',
        'a.map_key',
        'a.kind',
        'a.detail',
        'a.mail_attempts',
        ...MEMBER_COLUMNS,
      ])
      .where((eb) =>
        eb.or([
          eb('a.mail_state', '=', 'pending'),
          eb.and([eb('a.mail_state', '=', 'sending'), eb('a.mail_at', '<', staleBefore)]),
        ]),
      )
      .where('a.created_at', '>=', since)
      .orderBy('a.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      fish_id: Number(row.fish_id),
      map_key: Number(row.map_key),
      mail_attempts: Number(row.mail_attempts),
      ...memberFields(row),
    }));
  }

  /** Claims an alert's e-mail for this run (false when another run claimed or sent it meanwhile). */
  async claimMail(id: number, now: number, staleBefore: number): Promise<boolean> {
    const result = await this.db
      .updateTable('alert')
      .set((eb) => ({ mail_state: 'sending', mail_at: now, mail_attempts: eb('mail_attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('mail_state', '=', 'pending'),
          eb.and([eb('mail_state', '=', 'sending'), eb('mail_at', '<', staleBefore)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Where an alert's e-mail ended: `sent`, `skipped` (not to be mailed after all), `failed`, or `pending` again. */
  async mailDone(id: number, state: 'sent' | 'skipped' | 'failed' | 'pending', now: number): Promise<void> {
    await this.db.updateTable('alert').set({ mail_state: state, mail_at: now }).where('id', '=', id).execute();
  }

  /** Alerts pending an e-mail left since `before` are given up (a mail about last week's bite helps nobody). */
  async expireMails(before: number): Promise<void> {
    await this.db
      .updateTable('alert')
      .set({ mail_state: 'failed' })
      .where('mail_state', 'in', ['pending', 'sending'])
      .where('created_at', '<', before)
      .execute();
  }
}

export const scopeKey = (fishId: number, mapKey: number) => `${fishId}:${mapKey}`;
