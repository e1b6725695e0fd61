import type { Kysely } from 'kysely';

/** Migration 0018's own copy of the default checkout time, for the orders left pending before it (decision 0032). */
const DEFAULT_CHECKOUT_MS = 30 * 60 * 1000;

// An unpaid order's checkout expires (decision 0032): each order keeps its own deadline, fixed when it is created, so
// changing CHECKOUT_EXPIRY_MINUTES never reopens an expired order nor closes an open one early. The checkout URL is
// kept too, so "Resume payment" sends the user back to the same checkout without asking the provider again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vip_order').addColumn('expires_at', 'bigint').execute();
  await db.schema.alterTable('vip_order').addColumn('checkout_url', 'text').execute();
  // Orders already waiting get the default time from their creation: one long forgotten is expired at once.
  await db
    .updateTable('vip_order')
    .set((eb) => ({ expires_at: eb('created_at', '+', DEFAULT_CHECKOUT_MS) }))
    .where('status', '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vip_order').dropColumn('checkout_url').execute();
  await db.schema.alterTable('vip_order').dropColumn('expires_at').execute();
}
