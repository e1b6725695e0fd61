/**
 * `/api/heatmap` (docs/catch-data-api.md §3): catches per grid cell of a map, and what was caught in one cell. Public
 * reads. The heat map answer is serialised once and carries a weak ETag: a browser asking again for an unchanged
 * picture gets an empty 304.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HEATMAP_MAX_BLOCK,
  HeatCellQuery,
  HeatCellResponse,
  HeatmapQuery,
  HeatmapResponse,
} from '#shared/contracts/catches';
import { errorCodes, ValidationErrorBody } from '#shared/contracts/common';
import { sendConditional } from '../../http/conditional-get';
import { trustedResponse } from '../../http/trusted-responses';
import type { HeatmapService } from './heatmap.service';

const tags = ['heatmap'];

export interface HeatmapRoutesOptions {
  heatmap: HeatmapService;
}

const WINDOW =
  '`range` = `1d`, `3d`, `7d` or `30d` ending now (default `7d`), or `from` (inclusive) and `to` (exclusive) as ISO-8601 times; not both.';
const errors = {
  404: errorCodes('MAP_NOT_FOUND').describe('No map has this `map_id`'),
  422: ValidationErrorBody.describe('A query parameter is invalid (FastAPI validation list)'),
};

export const heatmapRoutes: FastifyPluginAsyncZod<HeatmapRoutesOptions> = async (app, { heatmap }) => {
  app.get(
    '/heatmap',
    {
      schema: {
        tags,
        security: [],
        summary: 'Catches per grid cell of a map (catch-report density)',
        description: `Counts per cell of a ${'`cols × rows`'} grid over the map's bounds, for all fish or one (\`fish_id\`), all star types or one (\`star_type\`). ${WINDOW} \`total\` is exactly the number of stored catches that match (the same as \`/logs/bird\` with the same filters); \`updated_at\` is the newest catch counted. \`trust=trusted\` (the default) counts the catches of verified and established loggers that are neither flagged nor hidden; \`trust=all\` adds those of new loggers in probation and flagged ones (never hidden ones); the answer echoes it. Answers carry an ETag (\`Cache-Control: no-cache\`); a matching If-None-Match gets 304 without a body. Public, not rate-limited.`,
        querystring: HeatmapQuery,
        response: {
          200: trustedResponse(HeatmapResponse.describe('The grid, its non-empty cells and the counts')),
          304: z.null().describe('Unchanged since the ETag'),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      // Catches arrive all the time: the browser must ask again each time, and gets a 304 while nothing changed.
      sendConditional(request, reply, await heatmap.heatmap(request.query), 'no-cache'),
  );

  app.get(
    '/heatmap/cell',
    {
      schema: {
        tags,
        security: [],
        summary: 'What was caught in one cell of the heat map',
        description: `The heat map's filters and one cell (\`col\`, \`row\` as listed in \`cells\`), or with \`size\` (1–${HEATMAP_MAX_BLOCK}) the square of \`size × size\` cells from that one towards larger columns and rows, cut at the grid's edge: the catches counted there (exactly the sum of those cells' counts in \`/heatmap\`), the five most caught fish and baits, the depth range and the cell's area in game coordinates, of the catches \`trust\` says (as \`/heatmap\`). ${WINDOW} Public, not rate-limited.`,
        querystring: HeatCellQuery,
        response: {
          200: HeatCellResponse.describe("The cell's catches, top fish and baits, depths and area"),
          ...errors,
        },
      },
    },
    async (request) => heatmap.cell(request.query),
  );
};
