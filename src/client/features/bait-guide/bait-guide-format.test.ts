import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withShare } from '#shared/share-interval';
import { bestConditionFor, depthLabel, sortDepths, sortHours, splitByMinCount } from './bait-guide-format';

/** A condition's answer as the server gives it: its baits' counts, each with share and interval of its total. */
function condition(key: string, counts: Record<number, number>) {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const baits = Object.entries(counts).map(([id, count]) => withShare({ bait_id: Number(id), count }, total));
  return { key, total, baits };
}

describe('bait guide format', () => {
  it('hides the baits under the minimum count, keeping the order', () => {
    const baits = [
      withShare({ bait_id: 1, count: 5 }, 10),
      withShare({ bait_id: 2, count: 3 }, 10),
      withShare({ bait_id: 3, count: 2 }, 10),
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

describe('bestConditionFor (decision 0034)', () => {
  it('picks 300 of 500 over a lucky 3 of 4, though 3 of 4 is the larger share', () => {
    const conditions = [condition('dawn', { 7: 3, 8: 1 }), condition('noon', { 7: 300, 8: 200 })];
    expect(bestConditionFor(7, conditions)?.condition.key).toBe('noon');
    expect(bestConditionFor(9, conditions)).toBeNull();
  });

  it('always picks a condition whose lower end no other condition of the bait beats, the first among equals', () => {
    const counts = fc.array(
      fc.record({ bait: fc.nat({ max: 10_000 }), other: fc.nat({ max: 10_000 }) }).filter((c) => c.bait > 0),
      { minLength: 1, maxLength: 24 },
    );
    fc.assert(
      fc.property(counts, (list) => {
        const conditions = list.map((c, index) => condition(String(index), { 1: c.bait, 2: c.other }));
        const best = bestConditionFor(1, conditions)!;
        const lowers = conditions.map((c) => c.baits.find((b) => b.bait_id === 1)!.share_lower);
        expect(best.share.share_lower).toBe(Math.max(...lowers));
        const first = conditions.findIndex((c) => c.baits[0]!.share_lower === best.share.share_lower);
        expect(conditions.indexOf(best.condition)).toBeGreaterThanOrEqual(first);
      }),
    );
  });
});
