/**
 * A running server's own view of a bench, from its Prometheus metrics (METRICS_PORT; decision 0027): scraped before
 * and after a run, the request-duration histogram's growth says how long the server itself took (without the
 * client's or a proxy's share), and the default metrics' event-loop lag (measured between two scrapes) says whether
 * its loop was held up.
 */

/** `name{labels}` → value, for every sample of the exposition text. */
export type Samples = Map<string, number>;

export async function scrapeMetrics(url: string): Promise<Samples> {
  const text = await (await fetch(url)).text();
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

export interface DurationDelta {
  count: number;
  /** Upper bound (ms) → requests answered within it during the run. */
  within: Map<number, number>;
}

/**
 * The growth of `anglerdex_http_request_duration_seconds` between two scrapes, over the series whose labels match
 * `select` (e.g. `method="GET"`), summed over every server given.
 */
export function durationDelta(pairs: { before: Samples; after: Samples }[], select: RegExp): DurationDelta {
  const delta: DurationDelta = { count: 0, within: new Map() };
  for (const { before, after } of pairs)
    for (const [key, value] of after) {
      if (!key.startsWith('anglerdex_http_request_duration_seconds') || !select.test(key)) continue;
      const grown = value - (before.get(key) ?? 0);
      if (key.startsWith('anglerdex_http_request_duration_seconds_count')) delta.count += grown;
      const le = /le="([^"]+)"/.exec(key)?.[1];
      if (key.startsWith('anglerdex_http_request_duration_seconds_bucket') && le && le !== '+Inf') {
        const ms = Number(le) * 1000;
        delta.within.set(ms, (delta.within.get(ms) ?? 0) + grown);
      }
    }
  return delta;
}

/** The histogram's bucket bound (ms) that holds the p-th quantile (0–1), or `> last` when it lies beyond them all. */
export function bucketOf(delta: DurationDelta, p: number): string {
  const needed = p * delta.count;
  for (const [ms, count] of [...delta.within].sort((a, b) => a[0] - b[0])) if (count >= needed) return `≤ ${ms}`;
  return `> ${Math.max(...delta.within.keys())}`;
}
