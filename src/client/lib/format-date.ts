/**
 * Dates as the product shows them (docs/product-requirements.md §9): 'YYYY-MM-DD HH:mm:ss' and 'YYYY-MM-DD', in the
 * browser's time zone. The server knows no visitor's time zone: a server-rendered page shows times in UTC, marked so,
 * and its components read the formatters through `useDateFormat`, which switches them to local time once the page has
 * hydrated (issue 23: the hydrating render must match the server's).
 */
import { useMemo } from 'react';
import { useHydrated } from './browser-state';

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'YYYY-MM-DD', local time (or UTC); '' for an unreadable value. */
export function formatDate(value: string | number | Date, utc = false): string {
  const date = toDate(value);
  if (!date) return '';
  return utc
    ? `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function hoursMinutes(date: Date, utc: boolean): string {
  return utc
    ? `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
    : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'YYYY-MM-DD HH:mm', local time (a window's ends, a `datetime-local` input); '' for an unreadable value. */
export function formatDateTimeMinutes(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${hoursMinutes(date, false)}`;
}

/** 'YYYY-MM-DD HH:mm:ss', local time; '' for an unreadable value. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDateTimeMinutes(date)}:${pad(date.getSeconds())}`;
}

export interface DateFormat {
  /** False while the page shows the server's UTC times (before it has hydrated). */
  local: boolean;
  date(value: string | number | Date): string;
  dateTimeMinutes(value: string | number | Date): string;
  dateTime(value: string | number | Date): string;
}

const LOCAL_FORMAT: DateFormat = {
  local: true,
  date: (value) => formatDate(value),
  dateTimeMinutes: formatDateTimeMinutes,
  dateTime: formatDateTime,
};

/** The server's form: UTC, said so after each time ('2026-05-01 08:30 UTC'). */
const UTC_FORMAT: DateFormat = {
  local: false,
  date: (value) => formatDate(value, true),
  dateTimeMinutes: (value) => {
    const date = toDate(value);
    return date ? `${formatDate(date, true)} ${hoursMinutes(date, true)} UTC` : '';
  },
  dateTime: (value) => {
    const date = toDate(value);
    return date ? `${formatDate(date, true)} ${hoursMinutes(date, true)}:${pad(date.getUTCSeconds())} UTC` : '';
  },
};

/** The formatters for a component of a server-rendered page: UTC until the page has hydrated, then local time. */
export function useDateFormat(): DateFormat {
  const local = useHydrated();
  return useMemo(() => (local ? LOCAL_FORMAT : UTC_FORMAT), [local]);
}

const AGO_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "2 hours ago", "now": how long ago `iso` was, in the page's language; '' for an unreadable time. */
export function formatAgo(iso: string, locale: string, now = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  if (!Number.isFinite(elapsed)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of AGO_UNITS) {
    if (Math.abs(elapsed) >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return format.format(0, 'second');
}

/**
 * "in 12 minutes", "in 2 hours": how long until `iso`, in the page's language, rounded up to the minute below an hour
 * (so "in 0 minutes" never shows while time is left) and down to the hour above; '' for an unreadable time.
 */
export function formatIn(iso: string, locale: string, now = Date.now()): string {
  const left = Date.parse(iso) - now;
  if (!Number.isFinite(left)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (left >= 3_600_000) return format.format(Math.floor(left / 3_600_000), 'hour');
  return format.format(Math.max(1, Math.ceil(left / 60_000)), 'minute');
}
