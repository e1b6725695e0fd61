/**
 * The local provider's signature check and event parsing (no database), and the identifiers people read: activation
 * keys (≥ 128 random bits, readable groups) and order numbers.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VIP_ERRORS } from '#shared/contracts/vip';
import { DomainError } from '../../domain-error';
import { RequestValidationError } from '../../http/validation-errors';
import { ACTIVATION_KEY_CHARS, newActivationKey, newOrderNo } from './activation-key';
import { createLocalProvider, LOCAL_SIGNATURE_HEADER, signLocalEvent } from './local-provider';

const SECRET = 'test-secret-of-at-least-32-bytes!!';
const NOW = Date.UTC(2026, 10, 23, 10);
const T = NOW / 1000;
const provider = createLocalProvider({ secret: SECRET, now: () => NOW });
const body = JSON.stringify({ id: 'evt_1', type: 'checkout.completed', created: T, data: { order_no: 'A1' } });

const parse = (raw: string, signature: string | string[] | undefined) =>
  provider.parseWebhook({ rawBody: Buffer.from(raw), headers: { [LOCAL_SIGNATURE_HEADER]: signature } });

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error instanceof DomainError ? `${error.kind} ${error.code}` : error;
  }
  throw new Error('expected a refusal');
}

describe('signLocalEvent', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${body}`).digest('hex');
    expect(signLocalEvent(SECRET, body, T)).toBe(`t=${T},v1=${expected}`);
    expect(signLocalEvent(SECRET, Buffer.from(body), T)).toBe(`t=${T},v1=${expected}`);
  });
});

describe('the local provider', () => {
  it('accepts a correctly signed event and reduces it to a payment event with the raw body', async () => {
    const withSubscription = JSON.stringify({
      id: 'evt_2',
      type: 'invoice.paid',
      created: T,
      data: { order_no: 'A1', subscription_id: 'sub_1' },
    });
    expect(await parse(body, signLocalEvent(SECRET, body, T))).toEqual({
      id: 'evt_1',
      type: 'checkout.completed',
      created: T,
      orderNo: 'A1',
      raw: body,
    });
    expect(await parse(withSubscription, signLocalEvent(SECRET, withSubscription, T - 299))).toMatchObject({
      subscriptionId: 'sub_1',
      raw: withSubscription,
    });
    // Several v1 values (a secret being rotated): one good one is enough.
    const good = signLocalEvent(SECRET, body, T).split(',')[1];
    expect(await parse(body, `t=${T},v1=${'0'.repeat(64)},${good}`)).toMatchObject({ id: 'evt_1' });
  });

  it('refuses a missing, malformed or wrong signature as WEBHOOK_BAD_SIGNATURE', async () => {
    const bad = `invalid ${VIP_ERRORS.badSignature}`;
    const sig = signLocalEvent(SECRET, body, T);
    for (const header of [
      undefined,
      '',
      [sig, sig],
      'garbage',
      `t=${T}`,
      sig.replace(/v1=./, 'v1=x'),
      sig.replace(`t=${T}`, `t=${T + 1}`),
      signLocalEvent('another-secret-of-at-least-32-bytes', body, T),
    ])
      expect(await refusal(parse(body, header)), String(header)).toBe(bad);
    // The body signed is the body received: one changed byte breaks it.
    expect(await refusal(parse(body.replace('A1', 'A2'), sig))).toBe(bad);
  });

  it('refuses a signature more than 5 minutes old or ahead as WEBHOOK_STALE_SIGNATURE', async () => {
    const stale = `invalid ${VIP_ERRORS.staleSignature}`;
    expect(await refusal(parse(body, signLocalEvent(SECRET, body, T - 301)))).toBe(stale);
    expect(await refusal(parse(body, signLocalEvent(SECRET, body, T + 301)))).toBe(stale);
    expect(await parse(body, signLocalEvent(SECRET, body, T + 300))).toMatchObject({ id: 'evt_1' });
    // A stale time with a wrong signature is simply wrong.
    expect(await refusal(parse(body, `t=${T - 3600},v1=${'a'.repeat(64)}`))).toBe(`invalid ${VIP_ERRORS.badSignature}`);
  });

  it('refuses a correctly signed body that is not the event contract with a validation error', async () => {
    for (const raw of ['{not json', JSON.stringify({ id: 'e', type: 'invoice.voided', created: T, data: {} })]) {
      const error = await refusal(parse(raw, signLocalEvent(SECRET, raw, T)));
      expect(error).toBeInstanceOf(RequestValidationError);
    }
  });

  it('sends the browser to the site-relative test checkout page', async () => {
    const session = await provider.createCheckout({
      orderNo: '20261123X',
      mode: 'once',
      userId: 'u',
      email: 'a@example.com',
      amount: 4000,
      currency: 'USD',
      successUrl: 'https://x/vip/result',
      cancelUrl: 'https://x/vip/result',
      expiresAt: Date.now() + 30 * 60_000,
    });
    expect(session).toEqual({ checkoutUrl: '/vip/checkout?order_no=20261123X' });
  });
});

describe('activation keys and order numbers', () => {
  it(`are ${ACTIVATION_KEY_CHARS} Crockford base32 characters (${ACTIVATION_KEY_CHARS * 5} bits) in groups of four, all different`, () => {
    expect(ACTIVATION_KEY_CHARS * 5).toBeGreaterThanOrEqual(128);
    const keys = Array.from({ length: 20_000 }, newActivationKey);
    for (const key of keys.slice(0, 100)) expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}$/);
    expect(new Set(keys).size).toBe(keys.length);
    // Every symbol of the alphabet turns up in every position: no position is fixed or biased to a few values.
    const joined = keys.map((key) => key.replaceAll('-', ''));
    for (let at = 0; at < ACTIVATION_KEY_CHARS; at++) expect(new Set(joined.map((k) => k[at])).size).toBe(32);
  });

  it('number orders by their UTC second and 50 random bits', () => {
    const a = newOrderNo(NOW);
    expect(a).toMatch(/^20261123100000[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(newOrderNo(NOW)).not.toBe(a);
  });
});
