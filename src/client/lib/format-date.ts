/**
 * Dates as the product shows them (docs/product-requirements.md §9): 'YYYY-MM-DD HH:mm:ss' and 'YYYY-MM-DD', in the
 * browser's time zone.
 */

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'YYYY-MM-DD', local time; '' for an unreadable value. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD HH:mm', local time (a window's ends, a `datetime-local` input); '' for an unreadable value. */
export function formatDateTimeMinutes(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'YYYY-MM-DD HH:mm:ss', local time; '' for an unreadable value. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDateTimeMinutes(date)}:${pad(date.getSeconds())}`;
}

/**
 * 'YYYY-MM-DD HH:mm' in UTC, for the pages the server renders too (the item pages, issue 23): the server does not know
 * the reader's time zone, and a time written in the browser's would differ from the server's HTML. The caller says
 * "UTC" beside it.
 */
export function formatUtcMinutes(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return date.toISOString().slice(0, 16).replace('T', ' ');
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
