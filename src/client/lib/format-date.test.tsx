import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { formatAgo, formatDate, formatDateTime, formatDateTimeMinutes, formatIn, useDateFormat } from './format-date';

describe('date formats (docs/product-requirements.md §9)', () => {
  it('writes UTC, said so, in a server render and local time once the browser runs the page', () => {
    vi.stubEnv('TZ', 'Asia/Shanghai');
    try {
      function When() {
        const dates = useDateFormat();
        return (
          <p>{`${dates.dateTime('2031-01-02T23:04:05Z')}|${dates.dateTimeMinutes('2031-01-02T23:04:05Z')}|${dates.date('2031-01-02T23:04:05Z')}`}</p>
        );
      }
      expect(renderToString(<When />)).toContain('2031-01-02 23:04:05 UTC|2031-01-02 23:04 UTC|2031-01-02');
      render(<When />);
      // The zone took effect: local time is 8 hours ahead, the next day here.
      expect(screen.getByText('2031-01-03 07:04:05|2031-01-03 07:04|2031-01-03')).toBeTruthy();
      expect(formatDateTime('not a time')).toBe('');
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
