import { describe, expect, it } from 'vitest';
import { areaDigits, classLabel } from './heat-format';

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
  });
});
