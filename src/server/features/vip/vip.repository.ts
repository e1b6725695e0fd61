/**
 * The VIP tables (migration 0008): orders, subscriptions and the providers' events. Portable Kysely on both dialects;
 * `for update` row locks on PostgreSQL only (SQLite runs one transaction at a time on its one connection).
 * `transaction()` hands the work a repository (and the users repository) bound to the transaction.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { UsersRepository } from '../../accounts/users.repository';
import { forUpdate } from '../../db/row-locks';
import type { Database, PaymentEventTable, VipOrderTable, VipSubscriptionTable } from '../../db/schema';

export type OrderRow = Selectable<VipOrderTable>;
export type SubscriptionRow = Selectable<VipSubscriptionTable>;

export class VipRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One transaction: everything `work` does through the repositories it is handed (or the transaction itself, for
   * another feature's row written with the change: the console's audit) commits or rolls back together.
   */
  transaction<T>(work: (vip: VipRepository, users: UsersRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new VipRepository(trx), new UsersRepository(trx), trx));
  }

  // ---- Orders

  async insertOrder(order: Insertable<VipOrderTable>): Promise<void> {
    await this.db.insertInto('vip_order').values(order).execute();
  }

  findOrder(orderNo: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('vip_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  }

  /** The order, locked for this transaction on PostgreSQL. */
  findOrderForUpdate(orderNo: string): Promise<OrderRow | undefined> {
    const query = this.db.selectFrom('vip_order').selectAll().where('order_no', '=', orderNo);
    return forUpdate(this.db, query).executeTakeFirst();
  }

  findOrderByPaymentRef(provider: string, paymentRef: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('vip_order')
      .selectAll()
      .where('provider', '=', provider)
      .where('payment_ref', '=', paymentRef)
      .executeTakeFirst();
  }

  async updateOrder(orderNo: string, changes: Updateable<VipOrderTable>): Promise<void> {
    await this.db.updateTable('vip_order').set(changes).where('order_no', '=', orderNo).execute();
  }

  /** Moves a pending order to `status`; false when it is no longer pending (a payment got there first). */
  async settlePending(orderNo: string, status: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('vip_order')
      .set({ status, updated_at: now })
      .where('order_no', '=', orderNo)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Cancels a pending order whose checkout is still open at `now` (decision 0032); false when a payment, another
   * cancel or the deadline got there first.
   */
  async cancelOpen(orderNo: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('vip_order')
      .set({ status: 'canceled', updated_at: now })
      .where('order_no', '=', orderNo)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** One page of a user's orders, newest first. */
  async listOrders(userId: string, page: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('vip_order')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('order_no', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('vip_order')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Every order counted by status (the metrics' scrape; the table holds one row per order ever made). */
  async countByStatus(): Promise<{ status: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('vip_order')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('status')
      .execute();
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  }

  // ---- Events

  /**
   * Stores an event once per (provider, event id): false when it was already stored. On PostgreSQL a concurrent
   * delivery of the same event waits here until the first one's transaction ends, then finds it stored.
   */
  async recordEvent(event: Insertable<PaymentEventTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('payment_event')
      .values(event)
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Whether an event of `type` naming this payment or subscription has been stored (one that came early). */
  async eventSeen(
    provider: string,
    type: string,
    about: { paymentRef: string } | { subscriptionId: string },
  ): Promise<boolean> {
    let query = this.db
      .selectFrom('payment_event')
      .select('event_id')
      .where('provider', '=', provider)
      .where('type', '=', type);
    query =
      'paymentRef' in about
        ? query.where('payment_ref', '=', about.paymentRef)
        : query.where('subscription_id', '=', about.subscriptionId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  // ---- Subscriptions

  findSubscription(provider: string, subscriptionId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('vip_subscription')
      .selectAll()
      .where('provider', '=', provider)
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst();
  }

  findSubscriptionByFirstOrder(provider: string, orderNo: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('vip_subscription')
      .selectAll()
      .where('provider', '=', provider)
      .where('first_order_no', '=', orderNo)
      .executeTakeFirst();
  }

  async insertSubscription(subscription: Insertable<VipSubscriptionTable>): Promise<void> {
    await this.db
      .insertInto('vip_subscription')
      .values(subscription)
      .onConflict((oc) => oc.columns(['provider', 'subscription_id']).doNothing())
      .execute();
  }

  /** Moves the next renewal to `periodEnd` unless it is already later (events may come in any order). */
  async extendSubscription(provider: string, subscriptionId: string, periodEnd: number): Promise<void> {
    await this.db
      .updateTable('vip_subscription')
      .set({ current_period_end: periodEnd })
      .where('provider', '=', provider)
      .where('subscription_id', '=', subscriptionId)
      .where('current_period_end', '<', periodEnd)
      .execute();
  }

  /** Stops renewals; false when the subscription was not active. */
  async cancelSubscription(provider: string, subscriptionId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('vip_subscription')
      .set({ status: 'canceled', canceled_at: now })
      .where('provider', '=', provider)
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  activeSubscriptions(userId: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('vip_subscription')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .orderBy('current_period_end')
      .execute();
  }

  /** Active subscriptions of a provider whose next renewal is due at `now`, of users that still exist. */
  dueSubscriptions(provider: string, now: number): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('vip_subscription')
      .selectAll('vip_subscription')
      .where('vip_subscription.provider', '=', provider)
      .where('vip_subscription.status', '=', 'active')
      .where('vip_subscription.current_period_end', '<=', now)
      .where((eb) =>
        eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'vip_subscription.user_id')),
      )
      .orderBy('vip_subscription.current_period_end')
      .execute();
  }
}
