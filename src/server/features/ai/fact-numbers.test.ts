/** How the built-in answer writes numbers: shares without false precision, as the pages do (issue 26). */
import { describe, expect, it } from 'vitest';
import { percent, weightText } from './builtin-answerer';

describe('percent', () => {
  it('writes whole percents below 1,000 catches and tenths from 1,000 on', () => {
    expect(percent(444 / 951, 951)).toBe('47');
    expect(percent(3 / 5, 5)).toBe('60');
    expect(percent(467 / 1000, 1000)).toBe('46.7');
  });

  it('never writes a share that is not 0 as 0', () => {
    expect(percent(1 / 300, 300)).toBe('<1');
    expect(percent(1 / 5000, 5000)).toBe('<0.1');
    expect(percent(0, 300)).toBe('0');
  });
});

describe('weightText', () => {
  it('grams below a kilogram, kilograms with up to three decimals above', () => {
    expect(weightText(843)).toBe('843 g');
    expect(weightText(13433)).toBe('13.433 kg');
    expect(weightText(20000)).toBe('20 kg');
  });
});
