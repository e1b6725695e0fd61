/** Dates as the product shows them (spec §9): 'YYYY-MM-DD HH:mm:ss' and 'YYYY-MM-DD', in the browser's time zone. */

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

/** 'YYYY-MM-DD HH:mm:ss', local time; '' for an unreadable value. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
