import { describe, expect, it } from 'vitest';
import { areaDigits, classLabel, formatAgo, formatCoordinate } from './heat-format';

describe('heat map formats', () => {
  it('writes a legend class as a range, or one count', () => {
    expect(classLabel({ min: 3, max: 5 }, 'en')).toBe('3–5');
    expect(classLabel({ min: 7, max: 7 }, 'en')).toBe('7');
    expect(classLabel({ min: 1200, max: 15_000 }, 'en')).toBe('1,200–15,000');
  });

  it("keeps a small cell's edges apart with decimals, and none for large cells", () => {
    expect(areaDigits({ x_min: 0, x_max: 18.75, y_min: 0, y_max: 18.75 })).toBe(0);
    expect(areaDigits({ x_min: 0, x_max: 0.78125, y_min: 0, y_max: 0.78125 })).toBe(1);
    expect(areaDigits({ x_min: 0, x_max: 0.05, y_min: 0, y_max: 0.05 })).toBe(2);
    expect(formatCoordinate(1234.56, 'en')).toBe('1235');
    expect(formatCoordinate(12.345, 'en', 1)).toBe('12.3');
  });

  it('says how long ago the newest report came, in the largest whole unit', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(formatAgo('2026-11-20T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatAgo('2026-11-20T09:30:00Z', 'en', now)).toBe('2 hours ago');
    expect(formatAgo('2026-11-17T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(formatAgo('2026-11-20T11:59:50Z', 'en', now)).toBe('now');
  });
});
