/**
 * `/api/alerts/*` (issue 25, decision 0036): a VIP member follows fish, reads the alerts the job raised about them
 * and marks them read, and turns alert e-mails on or off; an alert e-mail's signed link turns them off without a
 * login. Answers about the user are `Cache-Control: no-store`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_ERRORS,
  AlertListQuery,
  AlertPage,
  AlertSettings,
  AlertSettingsBody,
  Follow,
  FollowBody,
  FollowList,
  FollowParams,
  MarkReadBody,
  MAX_FOLLOWS_PER_MEMBER,
  UnreadCount,
  UnsubscribeQuery,
  UnsubscribeResponse,
} from '#shared/contracts/alerts';
import { errorCodes, RateLimitedError, ValidationIssue } from '#shared/contracts/common';
import { HttpError } from '../../http/http-error';
import type { RateLimits } from '../../http/rate-limits';
import { currentUser } from '../../plugins/auth';
import { FollowTargetError, type AlertsService } from './alerts.service';

const tags = ['alerts'];

/** Follows and unfollows one member may send a minute. */
export const FOLLOW_CHANGES_PER_MINUTE = 30;
/** Unsubscribe requests one address may send a minute (each verifies a signature and may write a row). */
export const UNSUBSCRIBES_PER_MINUTE = 20;

export interface AlertsRoutesOptions {
  alerts: AlertsService;
  rateLimits: RateLimits;
}

const NO_STORE = '`Cache-Control: no-store`.';
const followLimited = RateLimitedError.describe(
  `More than ${FOLLOW_CHANGES_PER_MINUTE} follows and unfollows this minute; \`Retry-After\` says when to try again`,
);

export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesOptions> = async (app, { alerts, rateLimits }) => {
  const followChanges = rateLimits.perUser('alert-follows', FOLLOW_CHANGES_PER_MINUTE, 60_000);

  app.get(
    '/alerts/follows',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The current user's followed fish, with the settings their alerts run under",
        description:
          'Newest first. Any logged-in user may read them: a member whose VIP membership ended keeps the follows, ' +
          `dormant (\`settings.active: false\`) until it is renewed. ${NO_STORE}`,
        response: { 200: FollowList.describe('The follows and the alert settings') },
      },
    },
    async (request) => alerts.follows(currentUser(request)),
  );

  app.post(
    '/alerts/follows',
    {
      onRequest: [app.requireUser, followChanges],
      schema: {
        tags,
        summary: 'Follow a fish, on one map or all (VIP members)',
        description:
          'The member is then told — on the site and by e-mail — at most once per fish a day when a bait that was ' +
          "not in the fish's top three (the bait guide's 72-hour ranking, on that map or all maps) enters it, or " +
          'when a trophy catch (star types 446–452) of it is logged. The first check of a new follow only records ' +
          'what the fish shows then. Idempotent: following the same fish and map again answers 200 with the follow ' +
          `kept. At most ${MAX_FOLLOWS_PER_MEMBER} follows per member. ${NO_STORE}`,
        body: FollowBody,
        response: {
          200: Follow.describe('Already followed: the follow kept'),
          201: Follow.describe('The new follow'),
          403: errorCodes(ALERT_ERRORS.vipRequired).describe(
            'Following is a VIP benefit: the membership is not active',
          ),
          409: errorCodes(ALERT_ERRORS.followLimit).describe(
            `The member already follows ${MAX_FOLLOWS_PER_MEMBER} fish and maps: unfollow one first`,
          ),
          422: z
            .object({
              detail: z.union([
                z.enum([ALERT_ERRORS.fishNotFound, ALERT_ERRORS.mapNotFound, ALERT_ERRORS.fishNotOnMap]),
                z.array(ValidationIssue),
              ]),
            })
            .describe(
              `\`${ALERT_ERRORS.fishNotFound}\` / \`${ALERT_ERRORS.mapNotFound}\`: no such fish or map in the ` +
                `catalogue; \`${ALERT_ERRORS.fishNotOnMap}\`: the fish does not live on that map; or the validation ` +
                'list when the body is not `{fish_id, map_id?}` with positive integers',
            ),
          429: followLimited,
        },
      },
    },
    async (request, reply) => {
      try {
        const { follow, created } = await alerts.follow(
          currentUser(request),
          request.body.fish_id,
          request.body.map_id ?? null,
        );
        return reply.code(created ? 201 : 200).send(follow);
      } catch (error) {
        if (error instanceof FollowTargetError) throw new HttpError(422, error.code);
        throw error;
      }
    },
  );

  app.delete(
    '/alerts/follows/:id',
    {
      onRequest: [app.requireUser, followChanges],
      schema: {
        tags,
        summary: 'Stop following a fish',
        description:
          "The follow's past alerts stay on the list. Another user's follow is as unknown as a missing one (404). " +
          NO_STORE,
        params: FollowParams,
        response: {
          204: z.null().describe('Unfollowed: no body'),
          404: errorCodes(ALERT_ERRORS.followNotFound).describe('The current user has no follow with this id'),
          429: followLimited,
        },
      },
    },
    async (request, reply) => {
      await alerts.unfollow(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/alerts/settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The current user's alert settings",
        description:
          'Whether alerts run (an active membership), whether alert e-mails are on and go to a verified address, and ' +
          `the follow limit. ${NO_STORE}`,
        response: { 200: AlertSettings.describe('The settings') },
      },
    },
    async (request) => alerts.settings(currentUser(request)),
  );

  app.put(
    '/alerts/settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Turn alert e-mails on or off',
        description:
          'Alerts keep showing on the site either way. Idempotent. E-mails go only to a verified address. ' + NO_STORE,
        body: AlertSettingsBody,
        response: { 200: AlertSettings.describe('The settings now') },
      },
    },
    async (request) => alerts.setEmails(currentUser(request), request.body.emails),
  );

  app.get(
    '/alerts',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The current user's alerts, newest first",
        description:
          'At most one per followed fish and UTC day; kept 90 days. `unread` counts all unread alerts of the user. ' +
          NO_STORE,
        querystring: AlertListQuery,
        response: { 200: AlertPage.describe('One page of alerts') },
      },
    },
    async (request) => alerts.alerts(currentUser(request), request.query.page, request.query.page_size),
  );

  app.get(
    '/alerts/unread',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "How many of the current user's alerts are unread (the top bar's bell)",
        description: `One indexed count; the site asks it on navigation and every few minutes. ${NO_STORE}`,
        response: { 200: UnreadCount.describe('The unread count') },
      },
    },
    async (request) => alerts.unread(currentUser(request)),
  );

  app.post(
    '/alerts/read',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Mark alerts read',
        description:
          'The alerts named by `ids` (at most 100; ids of other users are ignored), or every alert of the user when ' +
          `\`ids\` is absent. Idempotent. ${NO_STORE}`,
        body: MarkReadBody,
        response: { 200: UnreadCount.describe('The unread count after marking') },
      },
    },
    async (request) => alerts.markRead(currentUser(request), request.body.ids),
  );

  app.post(
    '/alerts/unsubscribe',
    {
      onRequest: rateLimits.perIp('alert-unsubscribe', UNSUBSCRIBES_PER_MINUTE, 60_000),
      schema: {
        tags,
        security: [],
        summary: "An alert e-mail's unsubscribe link: every alert e-mail of the account off, no login",
        description:
          "`token` is the signed token of the e-mail's link (the page `/alerts/unsubscribe?token=…` posts it, and a " +
          "mail client's one-click unsubscribe, RFC 8058, posts `List-Unsubscribe=One-Click` here). Turns off " +
          'alert e-mails (not the alerts on the site); the member can turn them on again on My alerts. Idempotent. ' +
          `Any body is ignored. At most ${UNSUBSCRIBES_PER_MINUTE} requests per address a minute.`,
        querystring: UnsubscribeQuery,
        response: {
          200: UnsubscribeResponse.describe('Alert e-mails are off'),
          400: errorCodes(ALERT_ERRORS.linkInvalid, ALERT_ERRORS.linkExpired).describe(
            `\`${ALERT_ERRORS.linkInvalid}\`: the token was altered or not made by this site; ` +
              `\`${ALERT_ERRORS.linkExpired}\`: the link is too old — log in and turn e-mails off on My alerts`,
          ),
          429: RateLimitedError.describe(
            `More than ${UNSUBSCRIBES_PER_MINUTE} requests this minute from this address; \`Retry-After\` says when`,
          ),
        },
      },
    },
    async (request) => alerts.unsubscribe(request.query.token),
  );
};
