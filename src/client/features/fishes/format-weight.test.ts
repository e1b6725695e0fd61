import { describe, expect, it } from 'vitest';
import { formatWeight, formatWeightRange } from './format-weight';

describe('formatWeight', () => {
  it('shows grams below one kilogram', () => {
    expect(formatWeight(0, 'en')).toBe('0 g');
    expect(formatWeight(850, 'en')).toBe('850 g');
    expect(formatWeight(999, 'zh')).toBe('999 g');
  });

  it('shows kilograms from one kilogram, exact to the gram, without trailing zeros', () => {
    expect(formatWeight(1000, 'en')).toBe('1 kg');
    expect(formatWeight(1250, 'en')).toBe('1.25 kg');
    expect(formatWeight(12_345, 'ja')).toBe('12.345 kg');
    expect(formatWeight(1_234_567, 'en')).toBe('1,234.567 kg');
  });

  it('formats a range with each end in its own unit', () => {
    expect(formatWeightRange(300, 4500, 'en')).toBe('300 g – 4.5 kg');
  });
});
