/**
 * `/api/bait-guide` (docs/catch-data-api.md §4): which baits caught a fish in the last 72 hours, with the detailed
 * proportions, and every fish's top three baits for the encyclopedia. Public reads.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BaitGuideDetailResponse,
  BaitGuideQuery,
  BaitGuideResponse,
  BaitGuideTopQuery,
  BaitGuideTopResponse,
} from '#shared/contracts/catches';
import { ValidationErrorBody } from '#shared/contracts/common';
import type { BaitGuideService } from './bait-guide.service';
import { TOP_BAITS_TTL_MS } from './bait-guide.service';

const tags = ['bait-guide'];

export interface BaitGuideRoutesOptions {
  baitGuide: BaitGuideService;
}

const WINDOW =
  'Public, not rate-limited. The last 72 hours ending now. `share = count / total` (0–1); baits sorted by count descending, then `bait_id` ascending; a sandwich catch counts for its `bait_id`.';
const invalid = { 422: ValidationErrorBody.describe('A query parameter is invalid (FastAPI validation list)') };

export const baitGuideRoutes: FastifyPluginAsyncZod<BaitGuideRoutesOptions> = async (app, { baitGuide }) => {
  app.get(
    '/bait-guide',
    {
      schema: {
        tags,
        security: [],
        summary: 'Baits that caught a fish (optionally on one map), ranked by share',
        description: `${WINDOW} \`total\` is the sample size: the fish's catches in the window.`,
        querystring: BaitGuideQuery,
        response: { 200: BaitGuideResponse.describe('The ranked baits and the sample size'), ...invalid },
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
        description: `${WINDOW} Each split lists only keys with catches, each with its own total and ranked baits; depth bands are \`0-1\`, \`1-2\`, \`2-5\`, \`5-10\`, \`10-20\`, \`20-50\`, \`50-100\`, \`100+\` metres.`,
        querystring: BaitGuideQuery,
        response: {
          200: BaitGuideDetailResponse.describe('The ranked baits, then the same split by hour, depth and weather'),
          ...invalid,
        },
      },
    },
    async (request) => baitGuide.detail(request.query),
  );

  app.get(
    '/bait-guide/top',
    {
      schema: {
        tags,
        security: [],
        summary: "Every fish's three most used baits (the encyclopedia)",
        description: `${WINDOW} Fish with at least one catch, by \`fish_id\`, each with its sample size and its top three baits. Computed at most once a minute: the answer may be up to a minute (plus one computation) old.`,
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
