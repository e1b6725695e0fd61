import { BAIT_GUIDE_MIN_COUNT, BAIT_GUIDE_WINDOW_HOURS } from '#shared/catch-data-rules';
import type { BaitShare } from '#shared/contracts/catches';
import { displayGameHour } from '#shared/game/game-time';
import { byShareLower } from '#shared/share-interval';

/** Baits with fewer catches than this hide behind "show all" (docs/design.md §5). */
export const MIN_COUNT = BAIT_GUIDE_MIN_COUNT;
/** The window the guide looks at, in hours. */
export const WINDOW_HOURS = BAIT_GUIDE_WINDOW_HOURS;

/** The baits shown at first: those with at least MIN_COUNT catches, in the server's order (count, then id). */
export function splitByMinCount(baits: readonly BaitShare[]): { shown: BaitShare[]; hidden: BaitShare[] } {
  const shown: BaitShare[] = [];
  const hidden: BaitShare[] = [];
  for (const bait of baits) (bait.count >= MIN_COUNT ? shown : hidden).push(bait);
  return { shown, hidden };
}

/** The lower bound of a depth band label (`0-5`, `50+`, `5–10`), for ordering bands; unreadable labels sort last. */
function depthStart(key: string): number {
  const start = Number.parseFloat(key);
  return Number.isFinite(start) ? start : Number.POSITIVE_INFINITY;
}

/** A depth band label as shown: `0-5` → `0–5 m`, `50+` → `≥ 50 m`. */
export function depthLabel(key: string): string {
  const plus = /^\s*(\d+(?:\.\d+)?)\s*\+\s*$/.exec(key);
  if (plus) return `≥ ${plus[1]} m`;
  const range = /^\s*(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)\s*$/.exec(key);
  if (range) return `${range[1]}–${range[2]} m`;
  return key;
}

interface Split<K> {
  key: K;
  total: number;
  baits: BaitShare[];
}

/** Hours in game order 1…24 (the server's 24 may come as 0 from an older answer: shown as 24). */
export function sortHours<T extends Split<number>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => displayGameHour(a.key) - displayGameHour(b.key));
}

/** Depth bands from the surface down. */
export function sortDepths<T extends Split<string>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => depthStart(a.key) - depthStart(b.key) || a.key.localeCompare(b.key));
}

/** Weathers with the most catches first. */
export function sortByTotal<T extends Split<unknown>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => b.total - a.total);
}

/**
 * The condition (a game hour, depth band or weather) where a bait's share is surest (decision 0034): the highest lower
 * end of its 95 % interval among the conditions that caught it, so a lucky 3 of 4 never beats 300 of 500; ties go to
 * the earlier condition. Null when no condition caught it.
 */
export function bestConditionFor<C extends { baits: readonly BaitShare[] }>(
  baitId: number,
  conditions: readonly C[],
): { condition: C; share: BaitShare } | null {
  let best: { condition: C; share: BaitShare } | null = null;
  for (const condition of conditions) {
    const share = condition.baits.find((bait) => bait.bait_id === baitId);
    if (share && (!best || byShareLower(share, best.share) < 0)) best = { condition, share };
  }
  return best;
}
