/** Game hours run 1–24 (docs/product-requirements.md §3, §9): the logger reports midnight as 0, players call it 24. */
export const GAME_HOURS = 24;

/** The hour as shown: 0 → 24, 1–24 unchanged; other values are wrapped into 1–24 first (e.g. 25 → 1, -1 → 23). */
export function displayGameHour(hour: number): number {
  const wrapped = ((Math.trunc(hour) % GAME_HOURS) + GAME_HOURS) % GAME_HOURS;
  return wrapped === 0 ? GAME_HOURS : wrapped;
}

/** The hour as a clock label, `HH:00` (e.g. 0 → "24:00", 7 → "07:00"). */
export function formatGameHour(hour: number): string {
  return `${String(displayGameHour(hour)).padStart(2, '0')}:00`;
}
