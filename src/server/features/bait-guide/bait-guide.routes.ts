/**
 * `/api/bait-guide` (docs/catch-data-api.md §4): which baits caught a fish in the last 72 hours, with the detailed
 * proportions, and every fish's top three baits for the encyclopedia. Public reads.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BaitCatchesQuery,
  BaitCatchesResponse,
  BaitGuideDetailResponse,
  BaitGuideQuery,
  BaitGuideResponse,
  BaitGuideTopQuery,
  BaitGuideTopResponse,
} from '#shared/contracts/catches';
import { errorCodes, ValidationErrorBody } from '#shared/contracts/common';
import { HttpError } from '../../http/http-error';
import { sendJsonText, trustedResponse } from '../../http/trusted-responses';
import type { BaitGuideService } from './bait-guide.service';
import { TOP_BAITS_TTL_MS } from './bait-guide.service';

const tags = ['bait-guide'];

/** What the routes read of the catalogue (the catalogue snapshot satisfies it): whether a bait exists. */
export interface BaitGuideCatalogue {
  view(): Promise<{ readonly baits: ReadonlyMap<number, unknown> }>;
}

export interface BaitGuideRoutesOptions {
  baitGuide: BaitGuideService;
  catalogue: BaitGuideCatalogue;
}

/** What every share of these routes carries beside it (issue 25, decision 0034). */
const INTERVAL =
  '`share_lower` and `share_upper` are the 95 % Wilson score interval of the share (z = 1.96, 0–1): the fewer catches a share rests on, the wider it is.';
const WINDOW = `Public, not rate-limited. The last 72 hours ending now. \`share = count / total\` (0–1); ${INTERVAL} Baits sorted by count descending, then \`bait_id\` ascending; a sandwich catch counts for its \`bait_id\`.`;
/** Which catches a guide counts (decision 0039), said by the routes that take `trust`. */
const TRUST =
  '`trust=trusted` (the default) counts the catches of verified and established loggers that are neither flagged nor hidden; `trust=all` adds those of new loggers in probation and flagged ones (never hidden ones). The answer echoes `trust`: what its sample size counts.';
const invalid = { 422: ValidationErrorBody.describe('A query parameter is invalid (FastAPI validation list)') };

export const baitGuideRoutes: FastifyPluginAsyncZod<BaitGuideRoutesOptions> = async (app, { baitGuide, catalogue }) => {
  app.get(
    '/bait-guide',
    {
      schema: {
        tags,
        security: [],
        summary: 'Baits that caught a fish (optionally on one map), ranked by share',
        description: `${WINDOW} \`total\` is the sample size: the fish's catches in the window. ${TRUST}`,
        querystring: BaitGuideQuery,
        response: {
          200: trustedResponse(BaitGuideResponse.describe('The ranked baits and the sample size')),
          ...invalid,
        },
      },
    },
    async (request) => baitGuide.guide(request.query),
  );

  app.get(
    '/bait-guide/detail',
    {
      schema: {
        tags,
        security: [],
        summary: 'The bait guide with its split by game hour, depth band and weather',
        description: `${WINDOW} Each split lists only keys with catches, each with its own total and ranked baits; depth bands are \`0-1\`, \`1-2\`, \`2-5\`, \`5-10\`, \`10-20\`, \`20-50\`, \`50-100\`, \`100+\` metres. ${TRUST}`,
        querystring: BaitGuideQuery,
        response: {
          200: trustedResponse(
            BaitGuideDetailResponse.describe('The ranked baits, then the same split by hour, depth and weather'),
          ),
          ...invalid,
        },
      },
    },
    async (request, reply) => sendJsonText(reply, await baitGuide.detailJson(request.query)),
  );

  app.get(
    '/bait-guide/bait',
    {
      schema: {
        tags,
        security: [],
        summary: 'One bait seen from its side: the fish it caught and the maps it caught them on',
        description:
          'Public, not rate-limited. The last 72 hours ending now, the window of `/bait-guide`. `total` is the sample ' +
          'size: the trusted catches whose `bait_id` is this bait (a sandwich catch counts for its first bait; `trust` ' +
          'is always `trusted`). `fishes` and ' +
          '`maps` each give `count` and `share = count / total` (0–1), sorted by count descending, then id ascending. ' +
          `${INTERVAL} ` +
          'A bait of the catalogue (a deprecated one too) without catches answers `total: 0` and empty lists.',
        querystring: BaitCatchesQuery,
        response: {
          200: BaitCatchesResponse.describe("The bait's sample size, its fish and its maps, ranked by count"),
          404: errorCodes('BAIT_NOT_FOUND').describe('No bait of the catalogue has this `bait_id`'),
          422: ValidationErrorBody.describe('`bait_id` is missing or not a positive integer (FastAPI validation list)'),
        },
      },
    },
    async (request) => {
      // Asked of the catalogue first: an unknown id is a wrong link, not a bait nobody used.
      if (!(await catalogue.view()).baits.has(request.query.bait_id)) throw new HttpError(404, 'BAIT_NOT_FOUND');
      return baitGuide.baitCatches(request.query);
    },
  );

  app.get(
    '/bait-guide/top',
    {
      schema: {
        tags,
        security: [],
        summary: "Every fish's three most used baits (the encyclopedia)",
        description: `${WINDOW} Fish with at least one catch, by \`fish_id\`, each with its sample size and its top three baits, from trusted catches only (\`trust\`: always \`trusted\`). Computed at most once a minute: the answer may be up to a minute (plus one computation) old.`,
        querystring: BaitGuideTopQuery,
        response: {
          200: BaitGuideTopResponse.describe("Each caught fish's sample size and top three baits"),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${TOP_BAITS_TTL_MS / 1000}`);
      return baitGuide.top(request.query);
    },
  );
};
