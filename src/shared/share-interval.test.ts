/**
 * The share interval and the ranking rule (issue 25, decision 0034): properties over any counts (fast-check), and
 * the published values of Newcombe's comparison of binomial intervals (Statistics in Medicine 17, 1998, Table II,
 * method 3: the Wilson score interval without continuity correction).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byShareLower, isThinSample, SHARE_Z, shareInterval, withShare } from './share-interval';

/** A sample: `total` 1–1,000,000 and `count` 0–total. */
const sample = fc
  .integer({ min: 1, max: 1_000_000 })
  .chain((total) => fc.record({ total: fc.constant(total), count: fc.integer({ min: 0, max: total }) }));

const width = (count: number, total: number) => {
  const { share_lower, share_upper } = shareInterval(count, total);
  return share_upper - share_lower;
};

describe('shareInterval', () => {
  it('stays within [0, 1] and holds the share: lower ≤ count / total ≤ upper', () => {
    fc.assert(
      fc.property(sample, ({ count, total }) => {
        const { share_lower, share_upper } = shareInterval(count, total);
        expect(share_lower).toBeGreaterThanOrEqual(0);
        expect(share_upper).toBeLessThanOrEqual(1);
        expect(share_lower).toBeLessThanOrEqual(count / total);
        expect(share_upper).toBeGreaterThanOrEqual(count / total);
      }),
      { numRuns: 2000 },
    );
  });

  it('is strictly inside (0, 1) wherever the share is, so no share is ever "sure"', () => {
    fc.assert(
      fc.property(sample, ({ count, total }) => {
        const { share_lower, share_upper } = shareInterval(count, total);
        if (count > 0) expect(share_lower).toBeGreaterThan(0);
        if (count < total) expect(share_upper).toBeLessThan(1);
        expect(share_upper - share_lower).toBeGreaterThan(0);
      }),
    );
  });

  it('narrows as the total grows at the same share', () => {
    fc.assert(
      fc.property(sample, fc.integer({ min: 2, max: 50 }), ({ count, total }, times) => {
        expect(width(count * times, total * times)).toBeLessThan(width(count, total));
      }),
    );
  });

  it('is symmetric: the interval of count is the mirror of that of total − count', () => {
    fc.assert(
      fc.property(sample, ({ count, total }) => {
        const own = shareInterval(count, total);
        const mirror = shareInterval(total - count, total);
        expect(own.share_lower).toBeCloseTo(1 - mirror.share_upper, 12);
        expect(own.share_upper).toBeCloseTo(1 - mirror.share_lower, 12);
      }),
    );
  });

  it('rises with the count and falls with the total (the other way round for neither end)', () => {
    fc.assert(
      fc.property(sample, ({ count, total }) => {
        const here = shareInterval(count, total);
        if (count < total) {
          const more = shareInterval(count + 1, total);
          expect(more.share_lower).toBeGreaterThan(here.share_lower);
          expect(more.share_upper).toBeGreaterThanOrEqual(here.share_upper);
        }
        const larger = shareInterval(count, total + 1);
        expect(larger.share_lower).toBeLessThanOrEqual(here.share_lower);
        expect(larger.share_upper).toBeLessThan(here.share_upper);
      }),
    );
  });

  it('has the exact ends of 0 / n and n / n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        const z2 = SHARE_Z * SHARE_Z;
        expect(shareInterval(0, n).share_lower).toBe(0);
        expect(shareInterval(0, n).share_upper).toBeCloseTo(z2 / (n + z2), 14);
        expect(shareInterval(n, n).share_upper).toBe(1);
        expect(shareInterval(n, n).share_lower).toBeCloseTo(n / (n + z2), 14);
      }),
    );
  });

  it('matches the published values', () => {
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [count, total, lower, upper] of cases) {
      const interval = shareInterval(count, total);
      expect(interval.share_lower, `${count}/${total}`).toBeCloseTo(lower, 4);
      expect(interval.share_upper, `${count}/${total}`).toBeCloseTo(upper, 4);
    }
  });

  it('says nothing of an empty sample', () => {
    expect(shareInterval(0, 0)).toEqual({ share_lower: 0, share_upper: 1 });
  });
});

describe('byShareLower, the ranking of shares with different totals', () => {
  const row = (count: number, total: number) => withShare({ count }, total);

  it('puts 300 of 500 before a lucky 3 of 4, and 3 of 4 before 1 of 1', () => {
    const ranked = [row(1, 1), row(3, 4), row(300, 500)].sort(byShareLower);
    expect(ranked.map((r) => r.count)).toEqual([300, 3, 1]);
    expect(row(3, 4).share).toBeGreaterThan(row(300, 500).share);
  });

  it('puts the larger sample first at the same share', () => {
    fc.assert(
      fc.property(sample, fc.integer({ min: 2, max: 50 }), ({ count, total }, times) => {
        fc.pre(count > 0);
        const small = row(count, total);
        const large = row(count * times, total * times);
        expect([small, large].sort(byShareLower)[0]).toBe(large);
      }),
    );
  });

  it('never ranks a row above one with as many successes or more out of as many trials or fewer', () => {
    fc.assert(
      fc.property(sample, sample, (a, b) => {
        fc.pre(a.count >= b.count && a.total <= b.total);
        expect(byShareLower(row(a.count, a.total), row(b.count, b.total))).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('is a consistent order: antisymmetric and transitive', () => {
    fc.assert(
      fc.property(fc.array(sample, { minLength: 3, maxLength: 3 }), (samples) => {
        const [a, b, c] = samples.map((s) => row(s.count, s.total)) as [
          ReturnType<typeof row>,
          ReturnType<typeof row>,
          ReturnType<typeof row>,
        ];
        expect(Math.sign(byShareLower(a, b))).toBe(-Math.sign(byShareLower(b, a)) || 0);
        if (byShareLower(a, b) <= 0 && byShareLower(b, c) <= 0) expect(byShareLower(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('withShare and isThinSample', () => {
  it('adds the share and its interval beside the row’s own fields', () => {
    expect(withShare({ bait_id: 7, count: 3 }, 4)).toEqual({
      bait_id: 7,
      count: 3,
      share: 0.75,
      ...shareInterval(3, 4),
    });
  });

  it('calls a row thin below the minimum sample only', () => {
    expect(isThinSample(29, 30)).toBe(true);
    expect(isThinSample(30, 30)).toBe(false);
  });
});
