/**
 * How sure a share is (issue 25, decision 0034): the 95 % Wilson score interval of `count / total`, and the one
 * ranking rule for shares of different totals. The server adds the interval to every share it answers
 * (`share_lower`, `share_upper`); the pages and the AI chat rank and grey out with these same functions. Plain
 * TypeScript without zod, so the client's pages can use it without loading the schema library.
 */

/** The normal quantile of a two-sided 95 % interval. */
export const SHARE_Z = 1.96;

/**
 * Rows resting on fewer catches than this are shown dimmed (`SHARE_MIN_SAMPLE` on the server, which hands its value
 * to the client in a `<meta>` tag of the page shell). At 30 catches an even share's interval is still ±17 points wide.
 */
export const DEFAULT_SHARE_MIN_SAMPLE = 30;

export interface ShareInterval {
  /** The interval's lower end, 0–1. */
  share_lower: number;
  /** The interval's upper end, 0–1. */
  share_upper: number;
}

/**
 * The Wilson score interval of `count` successes in `total` trials at `z` (Wilson 1927). Unlike the textbook
 * `p ± z·√(p(1−p)/n)` it never leaves [0, 1], and a share of 0 or 1 still gets a width (3 of 3 is not "surely
 * 100 %"). An empty sample says nothing: [0, 1]. The ends are clamped so that `lower ≤ count / total ≤ upper` holds
 * in floating point too, and 0 / n and n / n keep their exact end.
 */
export function shareInterval(count: number, total: number, z = SHARE_Z): ShareInterval {
  if (!(total > 0)) return { share_lower: 0, share_upper: 1 };
  const p = count / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  return {
    share_lower: count <= 0 ? 0 : Math.max(0, Math.min(p, centre - half)),
    share_upper: count >= total ? 1 : Math.min(1, Math.max(p, centre + half)),
  };
}

/** A counted row with its share and that share's interval: `share = count / total` (0 of an empty total). */
export function withShare<T extends { count: number }>(row: T, total: number): T & { share: number } & ShareInterval {
  return { ...row, share: total > 0 ? row.count / total : 0, ...shareInterval(row.count, total) };
}

/**
 * The ranking of shares resting on different totals (the best game hour, depth or weather for a bait, the best map
 * for a fish): the larger lower end first, so a lucky 3 of 4 (75 %, lower end 30 %) never beats 300 of 500 (60 %,
 * lower end 56 %); then the larger share, then the larger count. Callers add their own last tie-break (an id, a key).
 */
export function byShareLower(
  a: ShareInterval & { share: number; count: number },
  b: ShareInterval & { share: number; count: number },
): number {
  return b.share_lower - a.share_lower || b.share - a.share || b.count - a.count;
}

/** Whether a row resting on `catches` catches is too thin to read much into: shown dimmed, said by the AI chat. */
export function isThinSample(catches: number, minSample: number): boolean {
  return catches < minSample;
}
