import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCoordinate,
  formatCount,
  formatDecimal,
  formatArea,
  formatPoint,
  formatShare,
  formatShareRange,
  shareDigits,
  formatWeight,
  formatWeightRange,
} from './format-number';

describe('number formats', () => {
  it('groups counts and rounds them to whole numbers', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(12.6, 'en')).toBe('13');
  });

  it('keeps at most the asked decimals of a measured value, without trailing zeros', () => {
    expect(formatDecimal(7.25, 'en')).toBe('7.3');
    expect(formatDecimal(3, 'en')).toBe('3');
    expect(formatDecimal(1234.567, 'en', 2)).toBe('1,234.57');
  });

  it('writes a game coordinate without grouping', () => {
    expect(formatCoordinate(1234.56, 'en')).toBe('1235');
    expect(formatCoordinate(12.345, 'en', 1)).toBe('12.3');
    expect(formatCoordinate(1234.567, 'en', 2)).toBe('1234.57');
  });

  it('shows grams below one kilogram', () => {
    expect(formatWeight(0, 'en')).toBe('0 g');
    expect(formatWeight(850, 'en')).toBe('850 g');
    expect(formatWeight(999, 'zh')).toBe('999 g');
  });

  it('shows kilograms from one kilogram, exact to the gram, without trailing zeros', () => {
    expect(formatWeight(1000, 'en')).toBe('1 kg');
    expect(formatWeight(1250, 'en')).toBe('1.25 kg');
    expect(formatWeight(12_345, 'ja')).toBe('12.345 kg');
    expect(formatWeight(25_000, 'en')).toBe('25 kg');
    expect(formatWeight(1_234_567, 'en')).toBe('1,234.567 kg');
  });

  it('formats a weight range with each end in its own unit', () => {
    expect(formatWeightRange(300, 4500, 'en')).toBe('300 g – 4.5 kg');
  });

  it('formats shares with the asked decimals, and a tiny share as under the smallest step', () => {
    expect(formatShare(0.5, 'en')).toBe('50.0%');
    expect(formatShare(1 / 3, 'zh')).toBe('33.3%');
    expect(formatShare(0.0001, 'en')).toBe('<0.1%');
    expect(formatShare(0, 'en')).toBe('0.0%');
    // As many decimals as the sample can carry: 3 of 5 catches is 60%, 600 of 1,000 is 60.0%.
    expect(formatShare(3 / 5, 'en', shareDigits(5))).toBe('60%');
    expect(formatShare(2 / 3, 'en', shareDigits(999))).toBe('67%');
    expect(formatShare(600 / 1000, 'en', shareDigits(1000))).toBe('60.0%');
    expect(formatShare(2 / 3, 'en', 0)).toBe('67%');
    expect(formatShare(0.004, 'en', 0)).toBe('<1%');
  });

  it('writes a share’s interval with the share’s decimals and one percent sign', () => {
    expect(formatShareRange(0.3006, 0.9544, 'en', 0)).toBe('30–95%');
    expect(formatShareRange(0.3006, 0.9544, 'zh', 0)).toBe('30–95%');
    expect(formatShareRange(0.5565, 0.642, 'ja', 1)).toBe('55.7–64.2%');
    expect(formatShareRange(0, 0.0000038, 'en', 1)).toBe('0.0–0.0%');
    expect(formatShareRange(0.72, 1, 'en', 0)).toBe('72–100%');
  });

  it('signs a change and uses a real minus', () => {
    expect(formatChange(12.5, 'en')).toBe('+12.5%');
    expect(formatChange(-8, 'en')).toBe('−8%');
    expect(formatChange(0, 'en')).toBe('0%');
  });
});

describe('points and areas in game coordinates', () => {
  it('writes a point one way in every language, with the decimals asked for and no grouping', () => {
    for (const locale of ['zh', 'en', 'ja']) expect(formatPoint(1234.567, 67, locale, 2)).toBe('x 1234.57 · y 67');
    expect(formatPoint(-5.5, 0, 'en')).toBe('x -6 · y 0');
  });

  it('writes an area the same way, an open side as "…"', () => {
    expect(formatArea({ x_min: 120, x_max: 128, y_min: 300.25, y_max: 308 }, 'en', 1)).toBe('x 120–128 · y 300.3–308');
    expect(formatArea({ x_min: 5, x_max: null, y_min: null, y_max: null }, 'zh', 2)).toBe('x 5–… · y …–…');
  });
});
