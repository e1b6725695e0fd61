/**
 * The console's overview (issue 24): what an operator looks at first, counted on request (a few indexed reads):
 * catches per UTC hour over the last 24 hours (`catch_caught`: the time index the logs walk), the loggers that
 * uploaded in that time, the AI questions and those left unanswered (the partial index of migration 0025), orders by
 * status, users and active VIP members, the catches refused at ingestion by reason (`catch_refusal`, migration 0026:
 * a few rows an hour) and the loggers under review (a partial index of the flagged ones).
 */
import { type Kysely, sql } from 'kysely';
import type { AdminOverview } from '#shared/contracts/admin';
import { wireTime } from '#shared/contracts/catches';
import { OrderStatus } from '#shared/contracts/vip';
import type { Database } from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export class AdminOverviewReads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  async overview(): Promise<AdminOverview> {
    const now = this.clock();
    // 24 whole hours back from the start of the current one, so the first bucket is complete.
    const firstHour = Math.floor(now / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
    const since = now - DAY_MS;
    const { db } = this;
    const [hours, loggers, questions, orders, users, vip, refusals, flagged] = await Promise.all([
      db
        .selectFrom('catch')
        .select([
          // The hour's bucket (0 = the oldest); an integer on both dialects whatever the parameters are bound as.
          sql<number | string>`cast((caught_at - ${firstHour}) / ${HOUR_MS} as integer)`.as('bucket'),
          (eb) => eb.fn.countAll<number | string>().as('count'),
        ])
        .where('caught_at', '>=', firstHour)
        .where('caught_at', '<=', now)
        .groupBy(sql`1`)
        .execute(),
      db
        .selectFrom('logger_client')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('last_seen_at', '>=', new Date(since).toISOString())
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('ai_question')
        .select([
          (eb) => eb.fn.countAll<number | string>().as('total'),
          sql<number | string>`sum(case when fish_id is null or fact_count = 0 then 1 else 0 end)`.as('unanswered'),
        ])
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('vip_order')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('status')
        .execute(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('vip_expire_at', '>', new Date(now).toISOString())
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('catch_refusal')
        .select(['reason', (eb) => eb.fn.sum<number | string>('count').as('count')])
        .where('hour', '>=', firstHour)
        .groupBy('reason')
        .execute(),
      db
        .selectFrom('logger_client')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('flagged_at', 'is not', null)
        .executeTakeFirstOrThrow(),
    ]);

    const perHour = Array.from({ length: 24 }, (_, i) => ({ hour: wireTime(firstHour + i * HOUR_MS), count: 0 }));
    for (const row of hours) {
      const bucket = Number(row.bucket);
      if (bucket >= 0 && bucket < 24) perHour[bucket]!.count += Number(row.count);
    }
    const byStatus = Object.fromEntries(OrderStatus.options.map((status) => [status, 0])) as Record<
      OrderStatus,
      number
    >;
    for (const row of orders) if (row.status in byStatus) byStatus[row.status as OrderStatus] += Number(row.count);

    return {
      at: wireTime(now),
      catches_per_hour: perHour,
      catches_24h: perHour.reduce((sum, hour) => sum + hour.count, 0),
      active_loggers_24h: Number(loggers.count),
      ai_questions_24h: Number(questions.total),
      ai_unanswered_24h: Number(questions.unanswered ?? 0),
      orders_by_status: byStatus,
      users_total: Number(users.count),
      vip_active: Number(vip.count),
      refused_by_reason: refusedShares(refusals, perHour),
      flagged_loggers: Number(flagged.count),
    };
  }
}

/**
 * The refused catches of the 24 hours by reason, most first, each with its share of the catches uploaded in them:
 * those caught in the hours and stored, plus every refused one (a refused catch is never stored).
 */
function refusedShares(
  rows: { reason: string; count: number | string | null }[],
  perHour: { count: number }[],
): NonNullable<AdminOverview['refused_by_reason']> {
  const counts = rows.map((row) => ({ reason: row.reason, count: Number(row.count ?? 0) }));
  const refused = counts.reduce((sum, row) => sum + row.count, 0);
  const uploaded = perHour.reduce((sum, hour) => sum + hour.count, 0) + refused;
  return counts
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
    .map((row) => ({ ...row, share: uploaded === 0 ? 0 : row.count / uploaded }));
}
