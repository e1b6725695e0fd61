/**
 * How far a stored catch is trusted (issue 24, decision 0039), fixed when it is stored: from a logger bound to a
 * verified account, from an established logger, from a new logger still in probation, or flagged (heavier than the
 * fish's official record, from a logger under review); an operator may also hide a catch. Default views count the
 * trusted ones only (verified and established); `trust=all` adds probation and flagged; hidden ones count nowhere.
 * No zod here: the client takes these constants too.
 */

export const TRUST_LEVELS = ['verified', 'established', 'probation', 'flagged'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/**
 * `catch.trust` as stored: the level's index in TRUST_LEVELS, plus HIDDEN_OFFSET while an operator hides the catch
 * (so restoring it gives back the level it was stored with). Ordered so that every view is one range: trusted
 * `trust <= TRUSTED_MAX`, everything shown `trust <= VISIBLE_MAX`.
 */
export const TRUST_CODE: Readonly<Record<TrustLevel, number>> = {
  verified: 0,
  established: 1,
  probation: 2,
  flagged: 3,
};
export const HIDDEN_OFFSET = 4;
export const TRUSTED_MAX = 1;
export const VISIBLE_MAX = 3;

/** The views a reader may ask for: `trusted` (the default) or `all` (probation and flagged too, never hidden). */
export const TRUST_VIEWS = ['trusted', 'all'] as const;
export type TrustView = (typeof TRUST_VIEWS)[number];
export const DEFAULT_TRUST_VIEW: TrustView = 'trusted';

/** The largest stored `trust` a view counts. */
export const maxTrustOf = (view: TrustView): number => (view === 'all' ? VISIBLE_MAX : TRUSTED_MAX);

/** The level of a stored `trust` (hidden or not); a value another tool stored out of range reads as flagged. */
export function trustLevelOf(stored: number): TrustLevel {
  return TRUST_LEVELS[stored % HIDDEN_OFFSET] ?? 'flagged';
}

/**
 * The rollups' trust class of a stored `trust` (decision 0039): 0 trusted, 1 the others shown (probation and
 * flagged), null for a hidden catch, which no rollup counts. Views read class 0, or classes 0 and 1 (`all`).
 */
export function trustClassOf(stored: number): 0 | 1 | null {
  if (stored < 0 || stored > VISIBLE_MAX) return null;
  return stored <= TRUSTED_MAX ? 0 : 1;
}

/** The largest trust class a view reads. */
export const maxClassOf = (view: TrustView): number => (view === 'all' ? 1 : 0);
