/**
 * The `stripe` payment provider (docs/design.md §2 run modes, issue 12) on the official `stripe` package: Stripe
 * Checkout for the one-time payment and the auto-renewing subscription, Stripe's signed webhooks reduced to one
 * normalised `PaymentEvent`, and cancellation through the API.
 *
 * Every Checkout Session carries the order number three ways (`client_reference_id`, the session's metadata and the
 * metadata of the PaymentIntent or Subscription it creates), so that each later event can name its order without
 * the VIP service knowing Stripe's objects. Only one fact is not in an event's own payload: which PaymentIntent paid
 * an invoice (and, for a refund, which order a PaymentIntent paid); those are looked up through the API.
 */
import Stripe from 'stripe';
import { VIP_ERRORS } from '#shared/vip-rules';
import { DomainError } from '../../domain-error';
import { RequestValidationError } from '../../http/validation-errors';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentEvent,
  PaymentProvider,
  Refund,
  RefundRequest,
  WebhookRequest,
} from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** `STRIPE_PRICE_ONCE`: a one-time Price of 40 USD. */
  priceOnce: string;
  /** `STRIPE_PRICE_SUBSCRIPTION`: a recurring Price of 40 USD every 30 days. */
  priceSubscription: string;
  /** Where the API is (`http://127.0.0.1:12345`: the tests' fake Stripe); Stripe's own when unset. */
  apiUrl?: string;
  /** The client's automatic retries of a failed request (its default, 1, when unset; the tests use 0). */
  maxNetworkRetries?: number;
}

/**
 * Stripe keeps a Checkout Session open at least 30 minutes after its creation: our order's deadline when that is
 * later, else 31 minutes from now (a minute of margin for the clocks). A payment Stripe takes after our deadline is
 * credited all the same (decision 0032).
 */
const STRIPE_MIN_SESSION_SECONDS = 31 * 60;
export function sessionExpiresAt(expiresAtMs: number, nowMs: number): number {
  return Math.max(Math.ceil(expiresAtMs / 1000), Math.floor(nowMs / 1000) + STRIPE_MIN_SESSION_SECONDS);
}

/** A user waits on checkout and Stripe on our webhook answer: fail in seconds, not the client's default 80. */
const REQUEST_TIMEOUT_MS = 10_000;

type Normalised = Omit<PaymentEvent, 'id' | 'created' | 'raw'>;
const IGNORED: Normalised = { type: 'ignored' };

type Expandable = string | { id: string } | null | undefined;
const idOf = (value: Expandable): string | undefined => (typeof value === 'string' ? value : (value?.id ?? undefined));

/** Reads `order_no` from Stripe metadata (absent on objects this application did not create). */
const orderOf = (metadata: Stripe.Metadata | null | undefined): string | undefined => metadata?.order_no || undefined;

/** Stripe cannot be reached or refused the call: the client should try again later (and Stripe redelivers). */
function unavailable(cause: unknown): DomainError {
  return Object.assign(new DomainError('unavailable', VIP_ERRORS.providerUnavailable), { cause });
}

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 404;

function clientConfig(options: StripeProviderOptions): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = {
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
  };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (config.protocol === 'http' ? 80 : 443);
  }
  return config;
}

function malformed(error: unknown): RequestValidationError {
  const message = error instanceof Error ? error.message : String(error);
  return new RequestValidationError([
    { type: 'value_error', loc: ['body'], msg: 'Not a Stripe event', input: null, ctx: { error: message } },
  ]);
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, clientConfig(options));

  /** A call whose failure the caller cannot work around. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** A look-up of an object that may be gone: retrying would never find it, so a 404 answers nothing. */
  async function lookup<T>(request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw unavailable(error);
    }
  }

  function verify({ rawBody, headers }: WebhookRequest): Stripe.Event {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string' || header === '') throw new DomainError('invalid', VIP_ERRORS.badSignature);
    try {
      return stripe.webhooks.constructEvent(rawBody, header, options.webhookSecret);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw malformed(error);
      // The package says only "failed"; checked again without the time limit, a good signature means a stale one.
      let signedButStale = false;
      try {
        signedButStale = stripe.webhooks.signature?.verifyHeader(rawBody, header, options.webhookSecret, 0) === true;
      } catch {
        signedButStale = false;
      }
      throw new DomainError('invalid', signedButStale ? VIP_ERRORS.staleSignature : VIP_ERRORS.badSignature);
    }
  }

  /** The PaymentIntent that paid an invoice (none for a zero invoice or one paid from the customer's balance). */
  async function paymentOfInvoice(invoiceId: string | undefined): Promise<string | undefined> {
    if (!invoiceId) return undefined;
    const payments = await lookup(() => stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid' }));
    const paid = payments?.data.find((payment) => payment.payment.type === 'payment_intent');
    return idOf(paid?.payment.payment_intent);
  }

  /** The first order of the subscription an invoice belongs to, from the subscription's metadata. */
  async function subscriptionOf(invoice: Stripe.Invoice): Promise<{ subscriptionId?: string; orderNo?: string }> {
    const details = invoice.parent?.subscription_details;
    // Before API version 2025-03-31 the subscription sat on the invoice itself (an endpoint pinned to an old one).
    const subscriptionId = idOf(details?.subscription ?? (invoice as { subscription?: Expandable }).subscription);
    if (!subscriptionId) return {};
    let orderNo = orderOf(details?.metadata);
    if (!orderNo) {
      const subscription = await lookup(() => stripe.subscriptions.retrieve(subscriptionId));
      orderNo = orderOf(subscription?.metadata);
    }
    return { subscriptionId, orderNo };
  }

  /**
   * The order a PaymentIntent paid, when that is one order: a one-time checkout's (its metadata) or a subscription's
   * first payment (its invoice's subscription). A renewal's payment names no order of its own (the service finds the
   * renewal order by the payment), so it answers nothing rather than the subscription's first order.
   */
  async function orderOfPayment(paymentIntentId: string): Promise<string | undefined> {
    const intent = await lookup(() => stripe.paymentIntents.retrieve(paymentIntentId));
    const fromIntent = orderOf(intent?.metadata);
    if (fromIntent) return fromIntent;
    const payments = await lookup(() =>
      stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        expand: ['data.invoice'],
      }),
    );
    const invoice = payments?.data
      .map((payment) => payment.invoice)
      .find((i): i is Stripe.Invoice => typeof i === 'object' && !('deleted' in i && i.deleted));
    if (invoice?.billing_reason !== 'subscription_create') return undefined;
    return (await subscriptionOf(invoice)).orderNo;
  }

  async function checkoutCompleted(session: Stripe.Checkout.Session): Promise<Normalised> {
    const orderNo = session.client_reference_id || orderOf(session.metadata);
    if (!orderNo) return IGNORED;
    const subscriptionId = idOf(session.subscription);
    const paymentRef = idOf(session.payment_intent) ?? (await paymentOfInvoice(idOf(session.invoice)));
    return { type: 'checkout.completed', orderNo, subscriptionId, paymentRef };
  }

  async function normalise(event: Stripe.Event): Promise<Normalised> {
    switch (event.type) {
      case 'checkout.session.completed':
        // A delayed method (a bank debit) completes the checkout unpaid; its outcome comes as async_payment_*.
        if (event.data.object.payment_status === 'unpaid') return IGNORED;
        return checkoutCompleted(event.data.object);
      case 'checkout.session.async_payment_succeeded':
        return checkoutCompleted(event.data.object);
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object;
        const orderNo = session.client_reference_id || orderOf(session.metadata);
        return orderNo ? { type: 'payment.failed', orderNo } : IGNORED;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        // The first invoice is the checkout's own payment, which checkout.session.completed already reports.
        if (invoice.billing_reason === 'subscription_create') return IGNORED;
        const { subscriptionId, orderNo } = await subscriptionOf(invoice);
        if (!orderNo) return IGNORED;
        return { type: 'invoice.paid', orderNo, subscriptionId, paymentRef: await paymentOfInvoice(invoice.id) };
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        // A first payment that fails is retried on Checkout's own page; only a renewal's failure is news.
        if (invoice.billing_reason === 'subscription_create') return IGNORED;
        const { subscriptionId, orderNo } = await subscriptionOf(invoice);
        return orderNo ? { type: 'payment.failed', orderNo, subscriptionId } : IGNORED;
      }
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const orderNo = orderOf(subscription.metadata);
        return orderNo ? { type: 'subscription.canceled', orderNo, subscriptionId: subscription.id } : IGNORED;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        // Also sent for a partial refund, which leaves the payment standing: only a full refund takes VIP back.
        if (!charge.refunded) return IGNORED;
        const paymentRef = idOf(charge.payment_intent);
        const orderNo = orderOf(charge.metadata) ?? (paymentRef ? await orderOfPayment(paymentRef) : undefined);
        return orderNo || paymentRef ? { type: 'charge.refunded', orderNo, paymentRef } : IGNORED;
      }
      default:
        return IGNORED;
    }
  }

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const subscription = request.mode === 'subscription';
      const metadata = { order_no: request.orderNo, user_id: request.userId };
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: subscription ? 'subscription' : 'payment',
        line_items: [{ price: subscription ? options.priceSubscription : options.priceOnce, quantity: 1 }],
        client_reference_id: request.orderNo,
        customer_email: request.email,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: sessionExpiresAt(request.expiresAt, Date.now()),
        metadata,
        ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      };
      // One order, one session: a retried request (ours or the client's) gets the same session back.
      const session = await call(() =>
        stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${request.orderNo}` }),
      );
      if (!session.url) throw unavailable(new Error(`Checkout Session ${session.id} has no url`));
      return { checkoutUrl: session.url, providerRef: session.id };
    },

    async parseWebhook(request: WebhookRequest): Promise<PaymentEvent> {
      const event = verify(request);
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number')
        throw malformed(new Error('id, type and created are required'));
      const normalised = event.data?.object ? await normalise(event) : IGNORED;
      return { ...normalised, id: event.id, created: event.created, raw: request.rawBody.toString('utf8') };
    },

    async cancelSubscription(subscriptionId: string): Promise<void> {
      // Stripe answers 404 for a subscription that is already canceled: the wanted state, so done.
      await lookup(() => stripe.subscriptions.cancel(subscriptionId));
    },

    async expireCheckout(providerRef: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(providerRef);
      } catch (error) {
        // 400: no longer open (paid, or expired already); 404: gone. Either way it can no longer be paid from here.
        const code = error instanceof Stripe.errors.StripeError ? error.statusCode : undefined;
        if (code === 400 || code === 404) return;
        throw unavailable(error);
      }
    },

    async refund({ orderNo, paymentRef }: RefundRequest): Promise<Refund> {
      // An order paid without a PaymentIntent (a zero invoice) has no money to give back through the API.
      if (!paymentRef) throw new DomainError('conflict', VIP_ERRORS.orderNotRefundable);
      // One refund per order: a retried request gets the same refund back, never a second one.
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentRef, metadata: { order_no: orderNo } },
          { idempotencyKey: `refund-${orderNo}` },
        ),
      );
      return { refundRef: refund.id, raw: JSON.stringify(refund) };
    },
  };
}
