/**
 * The VIP rules applied to a provider's verified event (docs/design.md §5, issue 12), one transaction per event:
 *
 * - the event is stored first, once per (provider, event id): a duplicate stops there and changes nothing;
 * - paid (checkout or renewal) → the user's expiry becomes max(now, expiry) + 30 days and the order gets one key;
 *   each distinct renewal (`invoice.paid`, naming the subscription's FIRST order) records a new paid order;
 * - refund → the order's key is revoked and its 30 days taken back (never below now);
 * - failed and canceled change no expiry;
 * - a checkout's deadline (decision 0032) stops our own checkout from taking money, not a payment the provider
 *   confirms: one that lands after the order expired, was canceled or failed is credited like any other;
 * - at most one active subscription per user (decision 0018): a subscription whose payment lands while the user has
 *   another active one is paid like a one-time order (30 days, one key) but stored canceled, and the caller cancels
 *   it at the provider once the transaction has committed (`ApplyResult.cancelAtProvider`), so it never renews. A
 *   renewal that still comes for a subscription stored canceled is credited (the money was taken) and cancels again.
 *
 * Events come duplicated and in any order and must end in the same state: a renewal before its checkout creates the
 * subscription from the first order; a refund (or a cancellation) before what it undoes is stored with what it names,
 * and the payment (subscription) that comes later finds it and ends refunded (canceled) at once.
 *
 * Concurrency: the user's row is locked (`for update` on PostgreSQL) before any order of theirs is read for a change,
 * so two events of one user are applied one after the other and never add to the same old expiry. SQLite runs one
 * transaction at a time anyway. Nothing but the database is awaited inside the transaction (decision 0009).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { VIP_PERIOD_MS, VIP_CURRENCY, VIP_PRICE_CENTS } from '#shared/contracts/vip';
import type { UsersRepository } from '../../accounts/users.repository';
import type { Database } from '../../db/schema';
import { newActivationKey, newOrderNo } from './activation-key';
import { checkoutExpired } from './checkout-expiry';
import type { PaymentEvent, ProviderName } from './payment-provider';
import type { OrderRow, VipRepository } from './vip.repository';

export interface ApplyResult {
  duplicate: boolean;
  /** A subscription to cancel at the provider now that the event has committed (decision 0018). */
  cancelAtProvider?: string;
}

/** What one event's handler works with: the repositories bound to its transaction, the provider, one `now`. */
interface Step {
  vip: VipRepository;
  users: UsersRepository;
  provider: ProviderName;
  event: PaymentEvent;
  now: number;
  /** Set by the handler: see `ApplyResult.cancelAtProvider`. */
  cancelAtProvider?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class PaymentEvents {
  constructor(
    private readonly repository: VipRepository,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * `within`: more work in the event's transaction, after the rules (the console's refund writes its audit row there,
   * so the refund and its record commit together).
   */
  async apply(
    provider: ProviderName,
    event: PaymentEvent,
    within?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<ApplyResult> {
    return this.repository.transaction(async (vip, users, trx) => {
      const now = this.clock();
      const stored = await vip.recordEvent({
        provider,
        event_id: event.id,
        type: event.type,
        order_no: event.orderNo ?? null,
        payment_ref: event.paymentRef ?? null,
        subscription_id: event.subscriptionId ?? null,
        received_at: now,
        raw: event.raw,
      });
      if (!stored) return { duplicate: true };
      const step: Step = { vip, users, provider, event, now };
      switch (event.type) {
        case 'checkout.completed':
          await this.checkoutCompleted(step);
          break;
        case 'invoice.paid':
          await this.invoicePaid(step);
          break;
        case 'payment.failed':
          await this.paymentFailed(step);
          break;
        case 'charge.refunded':
          await this.refunded(step);
          break;
        case 'subscription.canceled':
          await this.subscriptionCanceled(step);
          break;
        case 'ignored':
          break;
      }
      await within?.(trx);
      return step.cancelAtProvider
        ? { duplicate: false, cancelAtProvider: step.cancelAtProvider }
        : { duplicate: false };
    });
  }

  /** Stored and answered 200 (the provider must not retry it for ever), but nothing of ours matches it. */
  private unmatched({ provider, event }: Step, why: string): void {
    this.log.warn({ provider, eventId: event.id, type: event.type, orderNo: event.orderNo }, `payment event: ${why}`);
  }

  /** An order of this provider named by the event, or undefined. */
  private async orderOf({ vip, provider, event }: Step): Promise<OrderRow | undefined> {
    const order = event.orderNo
      ? await vip.findOrder(event.orderNo)
      : event.paymentRef
        ? await vip.findOrderByPaymentRef(provider, event.paymentRef)
        : undefined;
    return order?.provider === provider ? order : undefined;
  }

  /**
   * Locks the user (PostgreSQL), then reads the order again under that lock: whatever another event did to either
   * has committed by now. Undefined expiry: the account is gone (the order is still settled: money was taken).
   */
  private async lockUserAndOrder(step: Step, orderNo: string, userId: string) {
    const user = await step.users.vipExpiryForUpdate(userId);
    const order = (await step.vip.findOrderForUpdate(orderNo))!;
    return { user, order };
  }

  /** Adds 30 days to the user's expiry, from now when it has passed: the new expiry, which is the period's end. */
  private async grant({ users, now }: Step, userId: string, user: { vip_expire_at: string | null } | undefined) {
    const current = user?.vip_expire_at ? Date.parse(user.vip_expire_at) : 0;
    const periodEnd = Math.max(now, current) + VIP_PERIOD_MS;
    if (user) await users.setVipExpiry(userId, iso(periodEnd));
    return periodEnd;
  }

  /** A refund of this payment was stored before the payment itself. */
  private refundedEarly({ vip, provider }: Step, paymentRef: string | null | undefined): Promise<boolean> {
    return paymentRef ? vip.eventSeen(provider, 'charge.refunded', { paymentRef }) : Promise.resolve(false);
  }

  /**
   * Makes sure the subscription row exists (a renewal may come before its checkout) and that its next renewal is no
   * earlier than `periodEnd`. Created canceled when its cancellation came first, or when the user already has another
   * active subscription (the user's row is locked: two landing at once are applied one after the other); a payment
   * (`periodEnd`) of a subscription stored canceled asks the provider to cancel it (again).
   */
  private async ensureSubscription(
    step: Step,
    subscriptionId: string,
    first: OrderRow,
    periodEnd: number | null,
    { canceledNow = false } = {},
  ) {
    const { vip, provider, now } = step;
    const existing = await vip.findSubscription(provider, subscriptionId);
    if (!existing) {
      const another = (await vip.activeSubscriptions(first.user_id)).some(
        (active) => active.provider !== provider || active.subscription_id !== subscriptionId,
      );
      if (another) {
        step.cancelAtProvider = subscriptionId;
        this.log.warn(
          { provider, subscription: subscriptionId, userId: first.user_id },
          'payment event: a second subscription of a user, stored canceled and canceled at the provider',
        );
      }
      const canceled =
        canceledNow || another || (await vip.eventSeen(provider, 'subscription.canceled', { subscriptionId }));
      await vip.insertSubscription({
        provider,
        subscription_id: subscriptionId,
        user_id: first.user_id,
        first_order_no: first.order_no,
        status: canceled ? 'canceled' : 'active',
        current_period_end: periodEnd ?? now,
        created_at: now,
        canceled_at: canceled ? now : null,
      });
    } else if (periodEnd !== null) {
      await vip.extendSubscription(provider, subscriptionId, periodEnd);
      if (existing.status === 'canceled') step.cancelAtProvider = subscriptionId;
    }
  }

  /** The subscription a first order belongs to: named by the event, stored on the order, or found by the order. */
  private async subscriptionIdOf(step: Step, first: OrderRow): Promise<string | undefined> {
    if (step.event.subscriptionId) return step.event.subscriptionId;
    if (first.subscription_id) return first.subscription_id;
    return (await step.vip.findSubscriptionByFirstOrder(step.provider, first.order_no))?.subscription_id;
  }

  private async checkoutCompleted(step: Step): Promise<void> {
    const found = await this.orderOf(step);
    if (!found) return this.unmatched(step, 'checkout of an unknown order');
    const { user, order } = await this.lockUserAndOrder(step, found.order_no, found.user_id);
    // Paid already (another event of the same payment), or refunded before this payment arrived: nothing to add.
    if (order.status === 'paid' || order.status === 'refunded') return;
    const { vip, event, now } = step;
    // A payment the provider confirms is credited whatever our side thought of the order meanwhile (expired,
    // canceled, failed): the money was taken (decision 0032). Logged, for support to recognise it.
    if (order.status !== 'pending' || checkoutExpired(order, now))
      this.log.info(
        { provider: step.provider, orderNo: order.order_no, status: order.status, expiresAt: order.expires_at },
        'payment event: a payment after the checkout had closed, credited',
      );
    const paymentRef = event.paymentRef ?? order.payment_ref;
    const subscriptionId = order.mode === 'subscription' ? await this.subscriptionIdOf(step, order) : undefined;

    const subscription_id = subscriptionId ?? order.subscription_id;
    if (await this.refundedEarly(step, paymentRef)) {
      // No days, no key, and no renewals of a payment that was given back.
      await vip.updateOrder(order.order_no, {
        status: 'refunded',
        payment_ref: paymentRef,
        subscription_id,
        updated_at: now,
      });
      return;
    }
    const periodEnd = await this.grant(step, order.user_id, user);
    await vip.updateOrder(order.order_no, {
      status: 'paid',
      paid_at: now,
      period_end: periodEnd,
      activation_key: newActivationKey(),
      payment_ref: paymentRef,
      subscription_id,
      updated_at: now,
    });
    if (subscriptionId) await this.ensureSubscription(step, subscriptionId, order, periodEnd);
  }

  /** A renewal: a new paid order for the next 30 days of the subscription whose first order the event names. */
  private async invoicePaid(step: Step): Promise<void> {
    const { vip, provider, event, now } = step;
    const subscription = event.subscriptionId ? await vip.findSubscription(provider, event.subscriptionId) : undefined;
    const firstOrderNo = subscription?.first_order_no ?? event.orderNo;
    const firstFound = firstOrderNo ? await vip.findOrder(firstOrderNo) : undefined;
    if (!firstFound || firstFound.provider !== provider)
      return this.unmatched(step, 'renewal of an unknown subscription');
    const subscriptionId = await this.subscriptionIdOf(step, firstFound);
    if (!subscriptionId) return this.unmatched(step, 'renewal without a subscription id');

    const { user, order: first } = await this.lockUserAndOrder(step, firstFound.order_no, firstFound.user_id);
    const refunded = await this.refundedEarly(step, event.paymentRef);
    const periodEnd = refunded ? null : await this.grant(step, first.user_id, user);
    await vip.insertOrder({
      order_no: newOrderNo(now),
      user_id: first.user_id,
      mode: 'subscription',
      status: refunded ? 'refunded' : 'paid',
      // The server's price, as every order's.
      amount: VIP_PRICE_CENTS,
      currency: VIP_CURRENCY,
      provider,
      provider_ref: null,
      payment_ref: event.paymentRef ?? null,
      subscription_id: subscriptionId,
      renews_order_no: first.order_no,
      created_at: now,
      paid_at: now,
      period_end: periodEnd,
      activation_key: refunded ? null : newActivationKey(),
      updated_at: now,
    });
    await this.ensureSubscription(step, subscriptionId, first, periodEnd);
  }

  private async paymentFailed(step: Step): Promise<void> {
    const found = await this.orderOf(step);
    if (!found) return this.unmatched(step, 'failure of an unknown order');
    const { order } = await this.lockUserAndOrder(step, found.order_no, found.user_id);
    // Only a pending order fails: a failure reported after a success (or a refund) changes nothing.
    if (order.status === 'pending') await step.vip.settlePending(order.order_no, 'failed', step.now);
  }

  private async refunded(step: Step): Promise<void> {
    const found = await this.orderOf(step);
    // Kept with its payment id: the payment, when it comes, finds it (refundedEarly).
    if (!found) return this.unmatched(step, 'refund of an unknown payment (kept for when the payment arrives)');
    const { user, order } = await this.lockUserAndOrder(step, found.order_no, found.user_id);
    if (order.status === 'refunded') return;
    const { vip, users, now } = step;
    if (order.status === 'paid' && user?.vip_expire_at) {
      // The order's 30 days go, but the expiry never moves before now.
      const taken = Math.max(now, Date.parse(user.vip_expire_at) - VIP_PERIOD_MS);
      await users.setVipExpiry(order.user_id, iso(taken));
    }
    await vip.updateOrder(order.order_no, {
      status: 'refunded',
      activation_key: null,
      period_end: null,
      payment_ref: order.payment_ref ?? step.event.paymentRef ?? null,
      updated_at: now,
    });
  }

  private async subscriptionCanceled(step: Step): Promise<void> {
    const { vip, provider, event, now } = step;
    const named = event.subscriptionId ? await vip.findSubscription(provider, event.subscriptionId) : undefined;
    const first = named ? await vip.findOrder(named.first_order_no) : await this.orderOf(step);
    if (!first) return this.unmatched(step, 'cancellation of an unknown subscription (kept for when it arrives)');
    await this.lockUserAndOrder(step, first.order_no, first.user_id);
    const subscriptionId = await this.subscriptionIdOf(step, first);
    if (!subscriptionId) return this.unmatched(step, 'cancellation without a subscription id');
    const existing = await vip.findSubscription(provider, subscriptionId);
    if (existing) await vip.cancelSubscription(provider, subscriptionId, now);
    // Before its checkout: created canceled, so the checkout that follows cannot start renewals.
    else await this.ensureSubscription(step, subscriptionId, first, null, { canceledNow: true });
  }
}
