import type { Kysely } from 'kysely';

// VIP orders, subscriptions and the payment providers' events (issue 12, docs/design.md §5). Times are integer epoch
// milliseconds (`bigint`, decision 0009); `users.vip_expire_at` stays the ISO text column it is.
//
// No foreign key to `users`: orders and events are the audit trail of money taken, and they outlive a deleted
// account. The provider's event id is the idempotency key: the database, not the application, decides that an event
// is applied once, however many deliveries race.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vip_order')
    .addColumn('order_no', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    // once | subscription
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    // pending | paid | failed | canceled | refunded
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // Cents, always the server's price at the time of the order.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // The provider's checkout id (Stripe: the Checkout Session).
    .addColumn('provider_ref', 'varchar(255)')
    // The provider's payment id (Stripe: the PaymentIntent): a refund that names only the payment finds its order.
    .addColumn('payment_ref', 'varchar(255)')
    .addColumn('subscription_id', 'varchar(255)')
    // A renewal: the order that started the subscription.
    .addColumn('renews_order_no', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('period_end', 'bigint')
    // One per paid order; null otherwise and once refunded. Unique: a key redeems one order's 30 days.
    .addColumn('activation_key', 'varchar(64)', (c) => c.unique())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The order list: a user's orders, newest first.
  await db.schema
    .createIndex('vip_order_user_created')
    .on('vip_order')
    .columns(['user_id', 'created_at desc'])
    .execute();
  // Refunds that name only the payment.
  await db.schema.createIndex('vip_order_payment_ref').on('vip_order').columns(['provider', 'payment_ref']).execute();

  await db.schema
    .createTable('vip_subscription')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subscription_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('first_order_no', 'varchar(64)', (c) => c.notNull())
    // active | canceled
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // When the next renewal falls due: the end of the last period paid.
    .addColumn('current_period_end', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('canceled_at', 'bigint')
    .addPrimaryKeyConstraint('vip_subscription_pk', ['provider', 'subscription_id'])
    .execute();
  // The user's status (auto-renew on/off) and cancel.
  await db.schema.createIndex('vip_subscription_user').on('vip_subscription').column('user_id').execute();
  // The renewals that fall due (local provider).
  await db.schema
    .createIndex('vip_subscription_due')
    .on('vip_subscription')
    .columns(['status', 'current_period_end'])
    .execute();

  await db.schema
    .createTable('payment_event')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(64)')
    // What the event named, so an event that arrives before the one it undoes (a refund before its payment, a
    // cancellation before its subscription) is found when that one comes.
    .addColumn('payment_ref', 'varchar(255)')
    .addColumn('subscription_id', 'varchar(255)')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    // The body exactly as received (audit).
    .addColumn('raw', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_event_pk', ['provider', 'event_id'])
    .execute();
  await db.schema
    .createIndex('payment_event_payment_ref')
    .on('payment_event')
    .columns(['provider', 'payment_ref'])
    .execute();
  await db.schema
    .createIndex('payment_event_subscription')
    .on('payment_event')
    .columns(['provider', 'subscription_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_event').execute();
  await db.schema.dropTable('vip_subscription').execute();
  await db.schema.dropTable('vip_order').execute();
}
