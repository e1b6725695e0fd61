/**
 * VIP membership for the routes and the renewal job: pending orders and their checkout (open until their deadline,
 * then expired: decision 0032; resumed or canceled by their owner before that), the user's orders and status,
 * stopping auto-renewal, provider webhooks (verified by the provider, applied by `PaymentEvents`) and the
 * local provider's test checkout and renewals. Amount and currency are always the server's (`VIP_PRICE_CENTS`,
 * `VIP_CURRENCY`); nothing a client sends can change them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { OrderPage, Order, ResumeResponse, SubscribeResponse, VipMode, VipStatus } from '#shared/contracts/vip';
import { type LocalEventType, VIP_CURRENCY, VIP_ERRORS, VIP_PERIOD_DAYS, VIP_PRICE_CENTS } from '#shared/contracts/vip';
import { PAGE_PATHS } from '#shared/pages';
import { type User, UsersRepository } from '../../accounts/users.repository';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { localId, newOrderNo } from './activation-key';
import { checkoutExpired, shownStatus } from './checkout-expiry';
import { LOCAL_SIGNATURE_HEADER, signLocalEvent } from './local-provider';
import type { PaymentEvents } from './payment-events';
import type { PaymentProvider, WebhookRequest } from './payment-provider';
import { type OrderRow, VipRepository } from './vip.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const DAY_MS = 24 * 60 * 60 * 1000;

/** A membership expiry before and after a change (ISO-8601 UTC; null: never a member). */
export interface ExpiryChange {
  before: string | null;
  after: string | null;
}

/** A signed local event, ready to be delivered to `POST /api/vip/webhook/local`. */
export interface SignedLocalEvent {
  rawBody: string;
  headers: Record<string, string>;
}

export interface VipServiceDeps {
  repository: VipRepository;
  events: PaymentEvents;
  users: UsersRepository;
  provider: PaymentProvider;
  /** The local provider's HMAC key (provider `local` only): the test checkout and the renewals sign with it. */
  localSecret?: string;
  /** Absolute base of the provider's return links (`/vip/result?order_no=…`). */
  publicBaseUrl: string;
  partnerUrl: string;
  /** How long a new order's checkout can be paid (ms; `CHECKOUT_EXPIRY_MINUTES`, decision 0032). */
  checkoutExpiryMs: number;
  log: FastifyBaseLogger;
  /** The server's clock (epoch ms): checkout deadlines, signatures and renewals. Tests move it. */
  clock?: () => number;
}

export interface RenewalRun {
  /** Subscriptions whose renewal was due. */
  due: number;
  /** New paid renewal orders (a renewal that another run had already applied is not counted). */
  renewed: number;
  failed: number;
}

export class VipService {
  private readonly now: () => number;

  constructor(private readonly deps: VipServiceDeps) {
    this.now = deps.clock ?? Date.now;
  }

  get providerName(): string {
    return this.deps.provider.name;
  }

  toOrder(row: OrderRow): Order {
    return {
      order_no: row.order_no,
      created_at: iso(row.created_at)!,
      status: shownStatus(row, this.now()),
      mode: row.mode as VipMode,
      amount: row.amount,
      currency: row.currency,
      paid_at: iso(row.paid_at),
      period_end: iso(row.period_end),
      activation_key: row.status === 'paid' ? row.activation_key : null,
      partner_url: this.deps.partnerUrl,
      provider: row.provider,
      renews_order_no: row.renews_order_no,
      expires_at: iso(row.expires_at),
    };
  }

  /** A pending order at the server's price and where the browser pays for it. */
  async subscribe(user: User, mode: VipMode): Promise<SubscribeResponse> {
    const { repository, provider, publicBaseUrl, log } = this.deps;
    if (mode === 'subscription' && (await repository.activeSubscriptions(user.id)).length > 0)
      throw new DomainError('conflict', VIP_ERRORS.alreadySubscribed);
    const now = this.now();
    const orderNo = newOrderNo(now);
    // The deadline is fixed now, with the order: a later change of the setting moves no existing order.
    const expiresAt = now + this.deps.checkoutExpiryMs;
    await repository.insertOrder({
      order_no: orderNo,
      user_id: user.id,
      mode,
      status: 'pending',
      amount: VIP_PRICE_CENTS,
      currency: VIP_CURRENCY,
      provider: provider.name,
      provider_ref: null,
      payment_ref: null,
      subscription_id: null,
      renews_order_no: null,
      created_at: now,
      paid_at: null,
      period_end: null,
      activation_key: null,
      updated_at: now,
      expires_at: expiresAt,
      checkout_url: null,
    });
    // The provider is called outside any transaction; if it fails, the order is closed as failed (kept for audit).
    const result = `${publicBaseUrl}${PAGE_PATHS.vipResult}?order_no=${encodeURIComponent(orderNo)}`;
    let session;
    try {
      session = await provider.createCheckout({
        orderNo,
        mode,
        userId: user.id,
        email: user.email,
        amount: VIP_PRICE_CENTS,
        currency: VIP_CURRENCY,
        successUrl: result,
        cancelUrl: result,
        expiresAt,
      });
    } catch (error) {
      log.error({ err: error, orderNo }, 'payment provider: checkout failed');
      await repository.settlePending(orderNo, 'failed', this.now());
      throw new DomainError('unavailable', VIP_ERRORS.providerUnavailable, { retryAfter: 5 });
    }
    // Kept, so "Resume payment" sends the user back to this same checkout.
    await repository.updateOrder(orderNo, {
      checkout_url: session.checkoutUrl,
      ...(session.providerRef ? { provider_ref: session.providerRef } : {}),
      updated_at: this.now(),
    });
    return { order_no: orderNo, checkout_url: session.checkoutUrl, expires_at: iso(expiresAt)! };
  }

  /** An order its owner can still pay, resume or cancel: pending, before its deadline (409 otherwise). */
  private requireOpen(order: OrderRow): void {
    if (checkoutExpired(order, this.now())) throw new DomainError('conflict', VIP_ERRORS.orderExpired);
    if (order.status !== 'pending') throw new DomainError('conflict', VIP_ERRORS.orderNotPending);
  }

  /** The 409 of a write that found the order closed meanwhile (paid, canceled, or past its deadline). */
  private refuseClosed(order: OrderRow): never {
    this.requireOpen(order);
    throw new DomainError('conflict', VIP_ERRORS.orderNotPending);
  }

  /**
   * The checkout of the user's own open order again, to finish paying; the deadline stays the order's. An order
   * created before checkouts were kept (migration 0018) has none to go back to: 409, buy again.
   */
  async resumeOrder(user: User, orderNo: string): Promise<ResumeResponse> {
    const order = await this.ownOrder(user, orderNo);
    this.requireOpen(order);
    if (!order.checkout_url || order.expires_at === null) throw new DomainError('conflict', VIP_ERRORS.orderNotPending);
    return { order_no: order.order_no, checkout_url: order.checkout_url, expires_at: iso(order.expires_at)! };
  }

  /**
   * Cancels the user's own open order: its checkout is closed at the provider first (outside any transaction,
   * decision 0009), then the order here, unless a payment or the deadline got there first (409). A payment the
   * provider still confirms later is credited (decision 0032).
   */
  async cancelOrder(user: User, orderNo: string): Promise<Order> {
    const { repository, provider, log } = this.deps;
    const order = await this.ownOrder(user, orderNo);
    this.requireOpen(order);
    if (order.provider_ref && order.provider === provider.name) {
      try {
        await provider.expireCheckout(order.provider_ref);
      } catch (error) {
        log.error({ err: error, orderNo }, 'payment provider: closing the checkout failed');
        throw new DomainError('unavailable', VIP_ERRORS.providerUnavailable, { retryAfter: 5 });
      }
    }
    if (!(await repository.cancelOpen(orderNo, this.now()))) this.refuseClosed(await this.ownOrder(user, orderNo));
    return this.toOrder(await this.ownOrder(user, orderNo));
  }

  async listOrders(user: User, page: number, pageSize: number): Promise<OrderPage> {
    const { rows, total } = await this.deps.repository.listOrders(user.id, page, pageSize);
    return { items: rows.map((row) => this.toOrder(row)), total, page, page_size: pageSize };
  }

  /** The user's own order; another user's is as unknown as one that does not exist. */
  async ownOrder(user: User, orderNo: string): Promise<OrderRow> {
    const row = await this.deps.repository.findOrder(orderNo);
    if (!row || row.user_id !== user.id) throw new DomainError('not-found', VIP_ERRORS.orderNotFound);
    return row;
  }

  async status(user: User): Promise<VipStatus> {
    const [fresh, active] = await Promise.all([
      this.deps.users.findById(user.id),
      this.deps.repository.activeSubscriptions(user.id),
    ]);
    const expiry = fresh?.vip_expire_at ?? null;
    return {
      is_vip: expiry !== null && Date.parse(expiry) > this.now(),
      vip_expire_at: expiry,
      auto_renew: active.length > 0,
      next_renewal_at: active.length > 0 ? iso(active[0]!.current_period_end) : null,
      price: { amount: VIP_PRICE_CENTS, currency: VIP_CURRENCY, period_days: VIP_PERIOD_DAYS },
      provider: this.deps.provider.name,
    };
  }

  /** Stops auto-renewal at the provider first (outside any transaction), then here; the membership stays. */
  async cancel(user: User): Promise<VipStatus> {
    if (!(await this.stopRenewals(user))) throw new DomainError('not-found', VIP_ERRORS.noSubscription);
    return this.status(user);
  }

  /**
   * Stops each active subscription of the user at the provider, then here (503 when the provider cannot be reached:
   * the rest stay active). False when there was none. Also before an account is deleted (users/profile.service.ts).
   */
  async stopRenewals(user: User): Promise<boolean> {
    const { repository, provider, log } = this.deps;
    const active = await repository.activeSubscriptions(user.id);
    for (const subscription of active) {
      try {
        await provider.cancelSubscription(subscription.subscription_id);
      } catch (error) {
        log.error({ err: error, subscription: subscription.subscription_id }, 'payment provider: cancel failed');
        throw new DomainError('unavailable', VIP_ERRORS.providerUnavailable, { retryAfter: 5 });
      }
      await repository.cancelSubscription(subscription.provider, subscription.subscription_id, this.now());
    }
    return active.length > 0;
  }

  // ---- The moderation console (issue 24): grants, refunds and a user's orders, each change in a transaction the
  // console also writes its audit row in.

  /**
   * Adds `days` to the later of now and the user's expiry (the rule of a paid order, docs/design.md §5), in the
   * caller's transaction `trx`. Null when the user is gone.
   */
  async grantDays(userId: string, days: number, trx: Kysely<Database>): Promise<ExpiryChange | null> {
    const users = new UsersRepository(trx);
    const user = await users.vipExpiryForUpdate(userId);
    if (!user) return null;
    const current = user.vip_expire_at ? Date.parse(user.vip_expire_at) : 0;
    const after = iso(Math.max(this.now(), current) + days * DAY_MS)!;
    await users.setVipExpiry(userId, after);
    return { before: user.vip_expire_at, after };
  }

  /**
   * Undoes a grant of `days` that moved the expiry from `grant.before` to `grant.after`: while the expiry is still
   * `grant.after`, exactly `grant.before` again; once something else moved it (a payment), the days are taken back
   * from it, never before now (as a refund takes its 30 days back). Null when the user is gone.
   */
  async takeBackDays(
    userId: string,
    grant: ExpiryChange & { days: number },
    trx: Kysely<Database>,
  ): Promise<ExpiryChange | null> {
    const users = new UsersRepository(trx);
    const user = await users.vipExpiryForUpdate(userId);
    if (!user) return null;
    const current = user.vip_expire_at;
    const after =
      current === grant.after
        ? grant.before
        : iso(Math.max(this.now(), (current ? Date.parse(current) : 0) - grant.days * DAY_MS));
    await users.setVipExpiry(userId, after);
    return { before: current, after };
  }

  /** A user's orders, newest first (at most `limit`), and whether a subscription of theirs renews. */
  async ordersOf(userId: string, limit: number): Promise<{ orders: Order[]; autoRenew: boolean }> {
    const [{ rows }, active] = await Promise.all([
      this.deps.repository.listOrders(userId, 1, limit),
      this.deps.repository.activeSubscriptions(userId),
    ]);
    return { orders: rows.map((row) => this.toOrder(row)), autoRenew: active.length > 0 };
  }

  /**
   * Refunds a paid order through its provider (outside any transaction, decision 0009), then applies the refund as
   * the `charge.refunded` event the provider reports: the key revoked, the 30 days taken back (never before now).
   * `within` runs in that event's transaction with the order before and after. 404 `ORDER_NOT_FOUND`; 409
   * `ORDER_NOT_REFUNDABLE` for an order that is not paid or was paid through another provider than the configured
   * one; 503 when the provider cannot be reached (nothing changed here).
   */
  async refund(
    orderNo: string,
    within?: (trx: Kysely<Database>, change: { before: Order; after: Order }) => Promise<void>,
  ): Promise<Order> {
    const { repository, provider, events, log } = this.deps;
    const order = await repository.findOrder(orderNo);
    if (!order) throw new DomainError('not-found', VIP_ERRORS.orderNotFound);
    if (order.status !== 'paid' || order.provider !== provider.name)
      throw new DomainError('conflict', VIP_ERRORS.orderNotRefundable);
    let refund;
    try {
      refund = await provider.refund({
        orderNo,
        paymentRef: order.payment_ref,
        amount: order.amount,
        currency: order.currency,
      });
    } catch (error) {
      if (error instanceof DomainError && error.kind !== 'unavailable') throw error;
      log.error({ err: error, orderNo }, 'payment provider: refund failed');
      throw new DomainError('unavailable', VIP_ERRORS.providerUnavailable, { retryAfter: 5 });
    }
    const before = this.toOrder(order);
    await events.apply(
      provider.name,
      {
        id: `refund_${refund.refundRef}`,
        type: 'charge.refunded',
        created: Math.floor(this.now() / 1000),
        orderNo,
        ...(order.payment_ref ? { paymentRef: order.payment_ref } : {}),
        raw: refund.raw,
      },
      async (trx) => {
        const after = this.toOrder((await new VipRepository(trx).findOrder(orderNo))!);
        await within?.(trx, { before, after });
      },
    );
    return this.toOrder((await repository.findOrder(orderNo))!);
  }

  /** A provider's webhook: only the configured provider's; verified by it, then applied once. */
  async webhook(providerName: string, request: WebhookRequest): Promise<{ received: true; duplicate: boolean }> {
    const { provider, events } = this.deps;
    if (providerName !== provider.name) throw new DomainError('not-found', VIP_ERRORS.unknownProvider);
    const event = await provider.parseWebhook(request);
    const { duplicate, cancelAtProvider } = await events.apply(provider.name, event);
    if (cancelAtProvider) await this.cancelAtProvider(cancelAtProvider);
    return { received: true, duplicate };
  }

  /**
   * Stops a subscription stored canceled from renewing at the provider, after the event committed (decision 0009:
   * no provider call inside a transaction). A failure is logged, not answered: the event is stored, so the provider's
   * retry would be a duplicate; a renewal that still comes is credited and asks again (decision 0018).
   */
  private async cancelAtProvider(subscriptionId: string): Promise<void> {
    try {
      await this.deps.provider.cancelSubscription(subscriptionId);
    } catch (error) {
      this.deps.log.error({ err: error, subscription: subscriptionId }, 'payment provider: cancel failed');
    }
  }

  private localSecret(): string {
    if (this.deps.provider.name !== 'local' || !this.deps.localSecret)
      throw new DomainError('not-found', VIP_ERRORS.unknownProvider);
    return this.deps.localSecret;
  }

  /** Signs a local event the way the local provider verifies it. */
  private signed(id: string, type: LocalEventType, data: { order_no: string; subscription_id?: string }) {
    const secret = this.localSecret();
    const created = Math.floor(this.now() / 1000);
    const rawBody = JSON.stringify({ id, type, created, data });
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signLocalEvent(secret, rawBody, created),
      },
    };
  }

  /**
   * The local test checkout's outcome for the user's own pending order: `pay` and `fail` become signed events for
   * the webhook (a new subscription id for a subscription); `cancel` closes the order here (null: nothing to send).
   */
  async localCheckout(
    user: User,
    orderNo: string,
    outcome: 'pay' | 'fail' | 'cancel',
  ): Promise<SignedLocalEvent | null> {
    this.localSecret();
    const order = await this.ownOrder(user, orderNo);
    // Our own checkout takes no money after the deadline (decision 0032).
    this.requireOpen(order);
    if (order.provider !== 'local') throw new DomainError('conflict', VIP_ERRORS.orderNotPending);
    if (outcome === 'cancel') {
      if (!(await this.deps.repository.cancelOpen(orderNo, this.now())))
        this.refuseClosed(await this.ownOrder(user, orderNo));
      return null;
    }
    if (outcome === 'fail') return this.signed(localId('evt_local'), 'payment.failed', { order_no: orderNo });
    return this.signed(localId('evt_local'), 'checkout.completed', {
      order_no: orderNo,
      ...(order.mode === 'subscription' ? { subscription_id: localId('sub_local') } : {}),
    });
  }

  /**
   * Emits the local renewals that are due at `now`: a signed `invoice.paid` per active local subscription whose
   * period has ended, verified and applied exactly as the webhook route does. The event id is fixed per
   * (subscription, period), so runs that overlap (the hourly timer, `npm run vip:renew-due`, several instances)
   * renew each period once.
   */
  async renewDue(now = this.now()): Promise<RenewalRun> {
    const run: RenewalRun = { due: 0, renewed: 0, failed: 0 };
    if (this.deps.provider.name !== 'local' || !this.deps.localSecret) return run;
    const due = await this.deps.repository.dueSubscriptions('local', now);
    run.due = due.length;
    for (const subscription of due) {
      const id = `evt_renew_${subscription.subscription_id}_${subscription.current_period_end}`;
      try {
        const { rawBody, headers } = this.signed(id, 'invoice.paid', {
          order_no: subscription.first_order_no,
          subscription_id: subscription.subscription_id,
        });
        const { duplicate } = await this.webhook('local', { rawBody: Buffer.from(rawBody), headers });
        if (!duplicate) run.renewed += 1;
      } catch (error) {
        run.failed += 1;
        this.deps.log.error({ err: error, subscription: subscription.subscription_id }, 'local renewal failed');
      }
    }
    return run;
  }
}
