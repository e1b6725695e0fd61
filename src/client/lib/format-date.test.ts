import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('date formats (spec §9)', () => {
  it("writes 'YYYY-MM-DD HH:mm:ss' and 'YYYY-MM-DD' in local time", () => {
    const local = new Date(2031, 0, 2, 3, 4, 5);
    expect(formatDateTime(local)).toBe('2031-01-02 03:04:05');
    expect(formatDate(local)).toBe('2031-01-02');
    expect(formatDateTime(local.toISOString())).toBe('2031-01-02 03:04:05');
  });

  it('writes nothing for an unreadable value', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('')).toBe('');
  });
});
