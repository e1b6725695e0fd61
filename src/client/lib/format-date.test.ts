import { describe, expect, it, vi } from 'vitest';
import {
  formatAgo,
  formatDate,
  formatDateTime,
  formatDateTimeMinutes,
  formatIn,
  formatUtcMinutes,
} from './format-date';

describe('date formats (docs/product-requirements.md §9)', () => {
  it("writes 'YYYY-MM-DD HH:mm' in UTC whatever the reader's time zone, for the pages the server renders too", () => {
    vi.stubEnv('TZ', 'Asia/Shanghai');
    try {
      // The zone took effect: local time is 8 hours ahead, the next day here.
      expect(formatDateTimeMinutes('2031-01-02T23:04:05Z')).toBe('2031-01-03 07:04');
      expect(formatUtcMinutes('2031-01-02T23:04:05.678Z')).toBe('2031-01-02 23:04');
      expect(formatUtcMinutes('2031-01-02T23:04:05+02:00')).toBe('2031-01-02 21:04');
      expect(formatUtcMinutes('not a time')).toBe('');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("writes 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm' and 'YYYY-MM-DD' in local time", () => {
    const local = new Date(2031, 0, 2, 3, 4, 5);
    expect(formatDateTime(local)).toBe('2031-01-02 03:04:05');
    expect(formatDateTimeMinutes(local)).toBe('2031-01-02 03:04');
    expect(formatDate(local)).toBe('2031-01-02');
    expect(formatDateTime(local.toISOString())).toBe('2031-01-02 03:04:05');
  });

  it('writes nothing for an unreadable value', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTimeMinutes('not a date')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatAgo('not a date', 'en')).toBe('');
  });

  it('says how long ago a time was, in the largest whole unit', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(formatAgo('2026-11-20T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatAgo('2026-11-20T09:30:00Z', 'en', now)).toBe('2 hours ago');
    expect(formatAgo('2026-11-17T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(formatAgo('2026-11-20T11:59:50Z', 'en', now)).toBe('now');
  });
});

describe('formatIn', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  it('counts minutes up and hours down, in the language asked for', () => {
    expect(formatIn('2026-11-20T12:29:01Z', 'en', now)).toBe('in 30 minutes');
    expect(formatIn('2026-11-20T12:00:10Z', 'en', now)).toBe('in 1 minute');
    expect(formatIn('2026-11-20T14:59:00Z', 'en', now)).toBe('in 2 hours');
    expect(formatIn('2026-11-20T12:12:00Z', 'zh', now)).toBe('12分钟后');
    expect(formatIn('not a time', 'en', now)).toBe('');
  });
});
