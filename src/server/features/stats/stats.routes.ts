/**
 * `GET /api/users/me/stats` (docs/catch-data-api.md §5): the current user's personal stats, "today" in the zone they
 * name.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trustedResponse } from '../../http/trusted-responses';
import { StatsQuery, StatsResponse } from '#shared/contracts/catches';
import { ValidationErrorBody } from '#shared/contracts/common';
import { currentUser } from '../../plugins/auth';
import type { StatsService } from './stats.service';

const tags = ['users'];

export interface StatsRoutesOptions {
  stats: StatsService;
}

export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (app, { stats }) => {
  app.get(
    '/users/me/stats',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "The current user's stats: today's income and star count, change versus yesterday, recent activity, " +
          'all-time totals, personal bests and trophies',
        description:
          '`tz` is an IANA time zone (default UTC) whose calendar days are "today" and "yesterday". Counts and lists ' +
          "are those of the user's bound logger: zeros and empty lists without one. A change is null when yesterday " +
          'was 0. Star count = catches of star types 446–452. All time: `total_catches`, `personal_bests` (the ' +
          "heaviest catch of each fish caught, the earliest of equal ones, newest best first, with the fish's " +
          'catch count), `trophy_counts` (each of star types 446–452, zeros included) and `recent_trophies` (the ' +
          'newest 5). Not rate-limited.',
        querystring: StatsQuery,
        response: {
          // Written as built, like the logs: a stored word the contract does not know (a rod type from another
          // tool) is shown as stored, never a 500 (stored-extremes.test.ts); its numbers are bounded on the way out.
          200: trustedResponse(StatsResponse.describe("The bound logger's stats")),
          422: ValidationErrorBody.describe('`tz` is not a known IANA time zone (FastAPI validation list)'),
        },
      },
    },
    async (request) => stats.statsOf(currentUser(request), request.query.tz),
  );
};
