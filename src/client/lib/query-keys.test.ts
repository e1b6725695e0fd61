import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('query keys', () => {
  it("keys a user's answers by the session's token, so another login never shares them", () => {
    expect(queryKeys.vip.status('a')).not.toEqual(queryKeys.vip.status('b'));
    expect(queryKeys.ai.history('a')).not.toEqual(queryKeys.ai.history('b'));
  });

  it("marks every user's VIP status and order pages out of date through their prefixes", () => {
    const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
      prefix.every((part, index) => key[index] === part);
    expect(startsWith(queryKeys.vip.status('tok'), queryKeys.vip.anyStatus())).toBe(true);
    expect(startsWith(queryKeys.vip.orders('tok', 2), queryKeys.vip.anyOrders())).toBe(true);
    expect(startsWith(queryKeys.vip.order('tok', 'VIP1'), queryKeys.vip.anyOrders())).toBe(false);
  });
});
