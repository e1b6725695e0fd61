import { describe, expect, it } from 'vitest';
import { emptyProbes, emptyReason } from './empty-reason';

describe('emptyProbes', () => {
  it('relaxes the star class, then the fish, then both, then the range, then everything', () => {
    const probes = emptyProbes({ fish: 12, star: 448, range: '7d' });
    expect(probes.map((probe) => probe.reason)).toEqual(['star', 'fish', 'filters', 'range', 'rangeAndFilters']);
    expect(probes.map((probe) => probe.filters)).toEqual([
      { fish: 12, star: null, range: '7d' },
      { fish: null, star: 448, range: '7d' },
      { fish: null, star: null, range: '7d' },
      { fish: 12, star: 448, range: '30d' },
      { fish: null, star: null, range: '30d' },
    ]);
  });

  it('asks only what can be relaxed', () => {
    expect(emptyProbes({ fish: 12, star: null, range: '30d' }).map((probe) => probe.reason)).toEqual(['fish']);
    expect(emptyProbes({ fish: null, star: null, range: '1d' }).map((probe) => probe.reason)).toEqual(['range']);
    expect(emptyProbes({ fish: null, star: null, range: '30d' })).toEqual([]);
  });
});

describe('emptyReason', () => {
  const probes = emptyProbes({ fish: 12, star: 448, range: '7d' });

  it('names the star class when the fish has catches of other classes', () => {
    expect(emptyReason(probes, [3, 9, 50, 0, 70])).toEqual({ reason: 'star', patch: { star: null } });
  });

  it('names the fish when other fish of that class were caught, not the time range', () => {
    expect(emptyReason(probes, [0, 4, 50, 2, 70])).toEqual({ reason: 'fish', patch: { fish: null } });
  });

  it('names both filters, then the range, then all of it', () => {
    expect(emptyReason(probes, [0, 0, 5, 2, 70])?.reason).toBe('filters');
    expect(emptyReason(probes, [0, 0, 0, 2, 70])).toEqual({ reason: 'range', patch: { range: '30d' } });
    expect(emptyReason(probes, [0, 0, 0, 0, 70])?.reason).toBe('rangeAndFilters');
    expect(emptyReason(probes, [0, 0, 0, 0, 0])).toEqual({ reason: 'nothing', patch: null });
  });

  it('waits for the probes before the first with catches, not those after it', () => {
    expect(emptyReason(probes, [undefined, 4])).toBeNull();
    expect(emptyReason(probes, [0, 4, undefined])).toEqual({ reason: 'fish', patch: { fish: null } });
    expect(emptyReason([], [])).toEqual({ reason: 'nothing', patch: null });
  });
});
