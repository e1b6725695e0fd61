/**
 * The `local` payment provider, the embedded default (docs/design.md §2 run modes): its checkout is our own test page
 * (`/vip/checkout`, marked as a test payment) and its results reach the server as signed webhooks on
 * `POST /api/vip/webhook/local`, exactly as a real provider's would:
 *
 *   X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with LOCAL_PAYMENT_SECRET>
 *
 * A signature older or newer than 5 minutes is refused (replays), the comparison is constant-time, and the body is
 * the `LocalEvent` contract. Nothing leaves the process: there is no remote subscription to cancel, nor money to give
 * back (a refund is an id of our own).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LocalEvent, VIP_ERRORS, WEBHOOK_TOLERANCE_SECONDS } from '#shared/contracts/vip';
import { PAGE_PATHS } from '#shared/pages';
import { DomainError } from '../../domain-error';
import { localId } from './activation-key';
import { RequestValidationError, toValidationEntries } from '../../http/validation-errors';
import type { PaymentEvent, PaymentProvider, WebhookRequest } from './payment-provider';

/** The header carrying the signature (lower case, as Node presents request headers). */
export const LOCAL_SIGNATURE_HEADER = 'x-signature';

function hmacHex(secret: string, rawBody: string | Buffer, unixSeconds: number): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex');
}

/**
 * The `X-Signature` value for a body: what the local checkout, the renewals and the tests send. Sign the exact bytes
 * that are sent (`JSON.stringify` once, then send that string).
 */
export function signLocalEvent(secret: string, rawBody: string | Buffer, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, rawBody, unixSeconds)}`;
}

const badSignature = () => new DomainError('invalid', VIP_ERRORS.badSignature);

/** `t=…,v1=…[,v1=…]` → the time and every v1 signature (several while a secret is being rotated). */
function readSignatureHeader(value: string | string[] | undefined): { t: number; v1: string[] } | null {
  if (typeof value !== 'string') return null;
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    const val = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(val)) t = Number(val);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(val)) v1.push(val.toLowerCase());
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

/** The body as JSON, refused in the API's 422 shapes (a body that is not JSON, or not the event contract). */
function readEvent(raw: string): LocalEvent {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new RequestValidationError([
      {
        type: 'json_invalid',
        loc: ['body', 0],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: (error as Error).message },
      },
    ]);
  }
  const parsed = LocalEvent.safeParse(data);
  if (!parsed.success) throw new RequestValidationError(toValidationEntries(parsed.error.issues, 'body', data));
  // PostgreSQL text cannot hold NUL: refused here, as every route's validator refuses it, rather than failing later.
  const { id, data: about } = parsed.data;
  const strings: [string[], string | undefined][] = [
    [['id'], id],
    [['data', 'order_no'], about.order_no],
    [['data', 'subscription_id'], about.subscription_id],
  ];
  const nul = strings.find(([, value]) => value?.includes('\u0000'));
  if (nul)
    throw new RequestValidationError([
      { type: 'string_nul', loc: ['body', ...nul[0]], msg: 'String should not contain NUL characters', input: nul[1] },
    ]);
  return parsed.data;
}

export interface LocalProviderOptions {
  secret: string;
  /** The clock the signatures are judged by (ms); tests move it. */
  now?: () => number;
}

export function createLocalProvider({ secret, now = Date.now }: LocalProviderOptions): PaymentProvider {
  return {
    name: 'local',

    async createCheckout({ orderNo }) {
      // Site-relative: the client adds the language prefix of the page the user is on.
      return { checkoutUrl: `${PAGE_PATHS.vipCheckout}?order_no=${encodeURIComponent(orderNo)}` };
    },

    async parseWebhook({ rawBody, headers }: WebhookRequest): Promise<PaymentEvent> {
      const signature = readSignatureHeader(headers[LOCAL_SIGNATURE_HEADER]);
      if (!signature || !rawBody) throw badSignature();
      const expected = Buffer.from(hmacHex(secret, rawBody, signature.t), 'hex');
      // Every candidate is compared (no early exit), each in constant time.
      let matches = false;
      for (const given of signature.v1) matches = timingSafeEqual(expected, Buffer.from(given, 'hex')) || matches;
      if (!matches) throw badSignature();
      if (Math.abs(Math.floor(now() / 1000) - signature.t) > WEBHOOK_TOLERANCE_SECONDS)
        throw new DomainError('invalid', VIP_ERRORS.staleSignature);

      const raw = rawBody.toString('utf8');
      const event = readEvent(raw);
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        orderNo: event.data.order_no,
        ...(event.data.subscription_id ? { subscriptionId: event.data.subscription_id } : {}),
        raw,
      };
    },

    // Local subscriptions live only in our database: the service marks them canceled, and the renewals stop.
    async cancelSubscription() {},

    // The local checkout page asks the order itself, which the service has closed.
    async expireCheckout() {},

    // The test checkout took no money: its refund is a refund id of our own, applied as the `charge.refunded` event
    // the local webhook would carry.
    async refund({ orderNo, amount, currency }) {
      const refundRef = localId('re_local');
      const raw = JSON.stringify({ id: refundRef, object: 'refund', order_no: orderNo, amount, currency });
      return { refundRef, raw };
    },
  };
}
