/**
 * Alerts, a VIP benefit (issue 25, decision 0036): a member follows a fish, on one map or all, and is told when a bait
 * enters the fish's top three or a trophy of it is logged. Times on the wire are ISO 8601 UTC strings.
 */
import { z } from 'zod';
import { ALERT_KINDS, ALERTS_PAGE_SIZE } from '../alert-rules';
import { pageOf } from './common';

// The constants live in a zod-free module so the client can use them without bundling zod.
export * from '../alert-rules';

/** A positive integer id (catalogue items, follows, alerts). */
const CatalogueId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `POST /api/alerts/follows`: a fish, and a map it lives on (absent or null: all maps). */
export const FollowBody = z.object({ fish_id: CatalogueId, map_id: CatalogueId.nullish() });
export type FollowBody = z.input<typeof FollowBody>;

/** One follow of the current user. */
export const Follow = z.object({
  id: z.number().int(),
  fish_id: z.number().int(),
  /** Null: all maps. */
  map_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Follow = z.infer<typeof Follow>;

/** `DELETE /api/alerts/follows/{id}`. */
export const FollowParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** What the member's follows do now: `active` while the VIP membership lasts; e-mails unless stopped. */
export const AlertSettings = z.object({
  /** The membership is active: follows raise alerts. False: they are kept but dormant. */
  active: z.boolean(),
  /** Alert e-mails are on (an unsubscribe link or the My alerts page turns them off). */
  emails: z.boolean(),
  /** The account's e-mail address is verified: alert e-mails go only to a verified address. */
  email_verified: z.boolean(),
  /** How many follows a member may keep. */
  follow_limit: z.number().int(),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

/** `GET /api/alerts/follows`: the follows, newest first, with the settings they run under. */
export const FollowList = z.object({ items: z.array(Follow), settings: AlertSettings });
export type FollowList = z.infer<typeof FollowList>;

/** `PUT /api/alerts/settings`. */
export const AlertSettingsBody = z.object({ emails: z.boolean() });
export type AlertSettingsBody = z.infer<typeof AlertSettingsBody>;

/** The trophy catch an alert tells of. */
export const AlertTrophy = z.object({
  map_id: z.number().int(),
  star_type: z.number().int(),
  /** Grams. */
  weight: z.number(),
  caught_at: z.string(),
});
export type AlertTrophy = z.infer<typeof AlertTrophy>;

/** One alert: at most one per followed fish and UTC day. */
export const Alert = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  fish_id: z.number().int(),
  /** The followed map the alert is about; null: all maps. */
  map_id: z.number().int().nullable(),
  /** `top_bait`: the baits that entered the top three. Empty for a trophy. */
  entered_bait_ids: z.array(z.number().int()),
  /** `top_bait`: the top three after the change, first first. Empty for a trophy. */
  top_bait_ids: z.array(z.number().int()),
  /** `trophy`: the newest trophy catch; null otherwise. */
  trophy: AlertTrophy.nullable(),
  created_at: z.string(),
  /** When the member marked it read; null while unread. */
  read_at: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;

export const AlertListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(ALERTS_PAGE_SIZE),
});

/** `GET /api/alerts`: newest first, with the unread count. */
export const AlertPage = pageOf(Alert).extend({ unread: z.number().int() });
export type AlertPage = z.infer<typeof AlertPage>;

/** `GET /api/alerts/unread` (the bell). */
export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** `POST /api/alerts/read`: the alerts to mark read; absent: all of them. */
export const MarkReadBody = z.object({ ids: z.array(CatalogueId).min(1).max(100).optional() });
export type MarkReadBody = z.input<typeof MarkReadBody>;

/** `POST /api/alerts/unsubscribe?token=…`: the signed link of an alert e-mail. */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(2048) });

/** What the unsubscribe did: alert e-mails of the account are off. */
export const UnsubscribeResponse = z.object({ emails: z.literal(false) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
