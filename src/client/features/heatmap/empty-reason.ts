/**
 * Why a heat map came back empty, and the one change that would show catches. A player who picks a fish and a star
 * class and sees "no data" blames the time range; the page asks the same map with each filter relaxed in turn (the
 * star class, the fish, both, then 30 days) and names the first relaxation that has catches.
 */
import type { HeatmapRange } from '#shared/catch-data-rules';

export interface EmptyFilters {
  fish: number | null;
  star: number | null;
  range: HeatmapRange;
}

/** What keeps the view empty: the star class, the fish, the two together, the time range, all of it, or nothing. */
export type EmptyReason = 'star' | 'fish' | 'filters' | 'range' | 'rangeAndFilters' | 'nothing';

export interface EmptyProbe {
  reason: Exclude<EmptyReason, 'nothing'>;
  /** The change to the view that this probe tries (and the page offers when it has catches). */
  patch: Partial<EmptyFilters>;
  /** The view with the change made. */
  filters: EmptyFilters;
}

const WIDEST: HeatmapRange = '30d';

/** The relaxed views to ask for, most specific first: the first that has catches is the reason. */
export function emptyProbes(filters: EmptyFilters): EmptyProbe[] {
  const probes: Omit<EmptyProbe, 'filters'>[] = [];
  if (filters.star !== null) probes.push({ reason: 'star', patch: { star: null } });
  if (filters.fish !== null) probes.push({ reason: 'fish', patch: { fish: null } });
  if (filters.star !== null && filters.fish !== null)
    probes.push({ reason: 'filters', patch: { fish: null, star: null } });
  if (filters.range !== WIDEST) {
    probes.push({ reason: 'range', patch: { range: WIDEST } });
    if (filters.star !== null || filters.fish !== null)
      probes.push({ reason: 'rangeAndFilters', patch: { range: WIDEST, fish: null, star: null } });
  }
  return probes.map((probe) => ({ ...probe, filters: { ...filters, ...probe.patch } }));
}

/**
 * The reason from the probes' totals (same order; undefined while a probe has not answered, and a failed probe counts
 * as no catches): the first probe with catches, once every probe before it has answered; `nothing` when none has
 * any; null while it cannot be told yet.
 */
export function emptyReason(
  probes: readonly EmptyProbe[],
  totals: readonly (number | undefined)[],
): { reason: EmptyReason; patch: Partial<EmptyFilters> | null } | null {
  for (let i = 0; i < probes.length; i++) {
    const total = totals[i];
    if (total === undefined) return null;
    if (total > 0) return { reason: probes[i]!.reason, patch: probes[i]!.patch };
  }
  return { reason: 'nothing', patch: null };
}
