/**
 * The one place that turns the payment configuration into a provider (docs/design.md §2 run modes). config.ts has
 * already refused impossible settings (local in production without PAYMENT_LOCAL_IN_PRODUCTION, Stripe without its
 * keys).
 */
import type { Config } from '../../config';
import { createLocalProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

export interface PaymentProviderOptions {
  /** The clock the local provider judges signature times by (tests). */
  now?: () => number;
}

export function createPaymentProvider(
  payment: Config['payment'],
  { now }: PaymentProviderOptions = {},
): PaymentProvider {
  if (payment.provider === 'local') {
    if (!payment.localSecret) throw new Error('PAYMENT_PROVIDER=local needs LOCAL_PAYMENT_SECRET (config.ts)');
    return createLocalProvider({ secret: payment.localSecret, ...(now ? { now } : {}) });
  }
  // config.ts has refused PAYMENT_PROVIDER=stripe without these four values.
  return createStripeProvider({
    secretKey: payment.stripeSecretKey!,
    webhookSecret: payment.stripeWebhookSecret!,
    priceOnce: payment.stripePriceOnce!,
    priceSubscription: payment.stripePriceSubscription!,
    ...(payment.stripeApiUrl ? { apiUrl: payment.stripeApiUrl } : {}),
  });
}
