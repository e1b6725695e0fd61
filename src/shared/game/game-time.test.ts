import { describe, expect, it } from 'vitest';
import { displayGameHour, formatGameHour } from './game-time';

describe('displayGameHour', () => {
  it('shows 0 as 24', () => {
    expect(displayGameHour(0)).toBe(24);
  });

  it('keeps 1–24 unchanged', () => {
    for (let hour = 1; hour <= 24; hour += 1) expect(displayGameHour(hour)).toBe(hour);
  });

  it('wraps values outside 0–24 into 1–24', () => {
    expect(displayGameHour(25)).toBe(1);
    expect(displayGameHour(48)).toBe(24);
    expect(displayGameHour(-1)).toBe(23);
  });
});

describe('formatGameHour', () => {
  it('formats as HH:00', () => {
    expect(formatGameHour(0)).toBe('24:00');
    expect(formatGameHour(7)).toBe('07:00');
    expect(formatGameHour(13)).toBe('13:00');
  });
});
