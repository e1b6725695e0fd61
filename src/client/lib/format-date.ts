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
