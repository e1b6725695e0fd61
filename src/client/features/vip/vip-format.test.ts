import { describe, expect, it } from 'vitest';
import { checkoutTarget, formatMoney, orderNoParam, webUrl } from './vip-format';

const ORIGIN = 'https://anglerdex.example';

describe('formatMoney', () => {
  it('writes whole amounts without decimals and others with two', () => {
    expect(formatMoney(4000, 'USD')).toBe('40 USD');
    expect(formatMoney(4050, 'usd')).toBe('40.50 USD');
    expect(formatMoney(5, 'USD')).toBe('0.05 USD');
  });
});

describe('checkoutTarget', () => {
  it('opens a site path (the local test checkout) inside the app', () => {
    expect(checkoutTarget('/vip/checkout?order_no=A1', ORIGIN)).toEqual({
      kind: 'app',
      path: '/vip/checkout?order_no=A1',
    });
    expect(checkoutTarget(`${ORIGIN}/vip/checkout?order_no=A1`, ORIGIN)).toEqual({
      kind: 'app',
      path: '/vip/checkout?order_no=A1',
    });
  });

  it("follows another site's checkout only over https", () => {
    expect(checkoutTarget('https://checkout.stripe.com/c/pay/cs_test_1', ORIGIN)).toEqual({
      kind: 'external',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    for (const bad of [
      'http://evil.example/pay',
      'javascript:alert(1)',
      '//evil.example/pay',
      '/\\evil.example',
      'nope',
    ]) {
      expect(checkoutTarget(bad, ORIGIN), bad).toEqual({ kind: 'invalid' });
    }
  });
});

describe('orderNoParam and webUrl', () => {
  it('accepts a plausible order number only', () => {
    expect(orderNoParam(' VIP-1 ')).toBe('VIP-1');
    expect(orderNoParam(null)).toBe('');
    expect(orderNoParam('x'.repeat(65))).toBe('');
  });

  it('keeps web addresses only', () => {
    expect(webUrl('https://partner.example/activate')).toBe('https://partner.example/activate');
    expect(webUrl('javascript:alert(1)')).toBeNull();
    expect(webUrl('/relative')).toBeNull();
  });
});
