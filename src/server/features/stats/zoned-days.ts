/**
 * Calendar days in an IANA time zone as epoch-millisecond bounds: "today" of the personal stats is the user's own
 * day, not UTC's. A day is [its first instant, the next day's first instant): 23 or 25 hours long on the days the
 * clocks change, and starting at 01:00 where a zone skips midnight itself (e.g. America/Santiago in September).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `zone` at the instant `at`. */
function localTime(zone: string, at: number): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far `zone`'s wall clock is ahead of UTC at the instant `at`, in ms (whole seconds). */
function offsetAt(zone: string, at: number): number {
  const t = localTime(zone, at);
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return wall - Math.floor(at / 1000) * 1000;
}

const dayKey = (t: { year: number; month: number; day: number }) => t.year * 10_000 + t.month * 100 + t.day;

/** The first instant of the calendar day `year-month-day` (month 1–12; out-of-range days roll over) in `zone`. */
export function startOfDay(zone: string, year: number, month: number, day: number): number {
  const midnightUtc = Date.UTC(year, month - 1, day);
  const normal = new Date(midnightUtc);
  const target = dayKey({ year: normal.getUTCFullYear(), month: normal.getUTCMonth() + 1, day: normal.getUTCDate() });
  // Local midnight is UTC midnight minus the offset in force then; the second pass settles a change of offset
  // between the guess and the answer.
  let at = midnightUtc - offsetAt(zone, midnightUtc);
  at = midnightUtc - offsetAt(zone, at);
  // Where the clocks jump over midnight, that local time does not exist and `at` lands before the day: the day
  // starts at the jump, which is where the previous day's clock would have reached midnight.
  for (let guard = 0; guard < 3; guard++) {
    const local = localTime(zone, at);
    if (dayKey(local) >= target) break;
    at += ((24 - local.hour) * 3600 - local.minute * 60 - local.second) * 1000;
  }
  return at;
}

export interface DayBounds {
  yesterday: number;
  today: number;
  tomorrow: number;
}

/** Starts of yesterday, today and tomorrow in `zone`, for the instant `now`. */
export function dayBounds(zone: string, now: number): DayBounds {
  const { year, month, day } = localTime(zone, now);
  return {
    yesterday: startOfDay(zone, year, month, day - 1),
    today: startOfDay(zone, year, month, day),
    tomorrow: startOfDay(zone, year, month, day + 1),
  };
}
