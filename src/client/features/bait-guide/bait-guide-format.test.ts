import { describe, expect, it } from 'vitest';
import { depthLabel, sortDepths, sortHours, splitByMinCount } from './bait-guide-format';

describe('bait guide format', () => {
  it('hides the baits under the minimum count, keeping the order', () => {
    const baits = [
      { bait_id: 1, count: 5, share: 0.5 },
      { bait_id: 2, count: 3, share: 0.3 },
      { bait_id: 3, count: 2, share: 0.2 },
    ];
    expect(splitByMinCount(baits)).toEqual({ shown: baits.slice(0, 2), hidden: baits.slice(2) });
  });

  it('labels and orders depth bands from the surface down, and hours in game order', () => {
    expect(depthLabel('0-5')).toBe('0–5 m');
    expect(depthLabel('50+')).toBe('≥ 50 m');
    expect(depthLabel('deep')).toBe('deep');
    const band = (key: string) => ({ key, total: 1, baits: [] });
    expect(sortDepths([band('10-20'), band('50+'), band('2-5'), band('0-2')]).map((entry) => entry.key)).toEqual([
      '0-2',
      '2-5',
      '10-20',
      '50+',
    ]);
    const hour = (key: number) => ({ key, total: 1, baits: [] });
    expect(sortHours([hour(24), hour(3), hour(0), hour(12)]).map((entry) => entry.key)).toEqual([3, 12, 24, 0]);
  });
});
