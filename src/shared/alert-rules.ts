/**
 * Alerts, a VIP benefit (issue 25, decision 0036): constants and `detail` codes, without zod so the client can import
 * them. Contract schemas: `contracts/alerts.ts`.
 */

/** Follows one member may keep (dormant ones of a lapsed membership included). */
export const MAX_FOLLOWS_PER_MEMBER = 20;

/** Alerts listed per page on "My alerts" (and the most a page may ask for). */
export const ALERTS_PAGE_SIZE = 20;

/** How often the client asks for the unread count while the site is open, ms (also asked on every navigation). */
export const ALERTS_UNREAD_POLL_MS = 5 * 60_000;

/** How long an e-mail's unsubscribe link works, days. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/**
 * Why an alert was raised: `top_bait`, a bait that was not in the fish's top three (the bait guide's 72-hour window and
 * ranking, baits with at least `BAIT_GUIDE_MIN_COUNT` catches) entered it; `trophy`, a catch of star type 446–452 of
 * the fish was logged.
 */
export const ALERT_KINDS = ['top_bait', 'trophy'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** `detail` codes of the alert routes. */
export const ALERT_ERRORS = {
  /** Following needs an active VIP membership (403). */
  vipRequired: 'VIP_REQUIRED',
  /** The catalogue has no such fish (422). */
  fishNotFound: 'FISH_NOT_FOUND',
  /** The catalogue has no such map (422). */
  mapNotFound: 'MAP_NOT_FOUND',
  /** The fish does not live on that map (422). */
  fishNotOnMap: 'FISH_NOT_ON_MAP',
  /** The member already keeps `MAX_FOLLOWS_PER_MEMBER` follows (409). */
  followLimit: 'FOLLOW_LIMIT_REACHED',
  /** No follow of the current user has this id (404). */
  followNotFound: 'FOLLOW_NOT_FOUND',
  /** The unsubscribe link was altered or was not made by this site (400). */
  linkInvalid: 'UNSUBSCRIBE_LINK_INVALID',
  /** The unsubscribe link is older than `UNSUBSCRIBE_LINK_DAYS` (400). */
  linkExpired: 'UNSUBSCRIBE_LINK_EXPIRED',
} as const;
