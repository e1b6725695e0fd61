import { describe, expect, it } from 'vitest';
import { dayBounds, startOfDay } from './zoned-days';

const HOUR = 3_600_000;

describe('startOfDay', () => {
  it('is local midnight: UTC+8 all year in Shanghai', () => {
    expect(startOfDay('Asia/Shanghai', 2026, 11, 20)).toBe(Date.UTC(2026, 10, 19, 16));
    expect(startOfDay('Asia/Shanghai', 2026, 7, 1)).toBe(Date.UTC(2026, 5, 30, 16));
  });

  it('follows daylight saving time in Los Angeles (UTC-8 in winter, UTC-7 in summer)', () => {
    expect(startOfDay('America/Los_Angeles', 2026, 11, 20)).toBe(Date.UTC(2026, 10, 20, 8));
    expect(startOfDay('America/Los_Angeles', 2026, 7, 1)).toBe(Date.UTC(2026, 6, 1, 7));
  });

  it('gives the days the clocks change 23 and 25 hours', () => {
    // 2026-03-08: clocks spring forward at 02:00; 2026-11-01: they fall back at 02:00.
    const la = (month: number, day: number) => startOfDay('America/Los_Angeles', 2026, month, day);
    expect(la(3, 9) - la(3, 8)).toBe(23 * HOUR);
    expect(la(11, 2) - la(11, 1)).toBe(25 * HOUR);
  });

  it('starts at 01:00 where the clocks skip midnight (Santiago, 2024-09-08)', () => {
    // Chile springs forward at 24:00 on Saturday: Sunday begins at 01:00 -03, which is 04:00Z.
    expect(startOfDay('America/Santiago', 2024, 9, 8)).toBe(Date.UTC(2024, 8, 8, 4));
    expect(startOfDay('America/Santiago', 2024, 9, 7)).toBe(Date.UTC(2024, 8, 7, 4));
  });

  it('rolls over month and year ends', () => {
    expect(startOfDay('UTC', 2026, 12, 32)).toBe(Date.UTC(2027, 0, 1));
    expect(startOfDay('Asia/Shanghai', 2026, 3, 0)).toBe(Date.UTC(2026, 1, 27, 16));
  });
});

describe('dayBounds', () => {
  it('names yesterday, today and tomorrow of the zone the instant falls in', () => {
    // 2026-11-20 02:00Z is already the 20th in Shanghai (10:00) but still the 19th in Los Angeles (18:00).
    const at = Date.UTC(2026, 10, 20, 2);
    expect(dayBounds('Asia/Shanghai', at)).toEqual({
      yesterday: Date.UTC(2026, 10, 18, 16),
      today: Date.UTC(2026, 10, 19, 16),
      tomorrow: Date.UTC(2026, 10, 20, 16),
    });
    expect(dayBounds('America/Los_Angeles', at)).toEqual({
      yesterday: Date.UTC(2026, 10, 18, 8),
      today: Date.UTC(2026, 10, 19, 8),
      tomorrow: Date.UTC(2026, 10, 20, 8),
    });
  });

  it('counts the first instant of a day in that day, the last millisecond before it in the day before', () => {
    const midnight = Date.UTC(2026, 10, 19, 16); // 2026-11-20 00:00 in Shanghai
    expect(dayBounds('Asia/Shanghai', midnight).today).toBe(midnight);
    expect(dayBounds('Asia/Shanghai', midnight - 1).tomorrow).toBe(midnight);
  });
});
