/**
 * Liveness and readiness for load balancers and orchestrators, and (under /api) the build the site serves, which open
 * pages poll to offer a reload after a deploy (docs/product-requirements.md §9).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUILD_INFO_FILE } from '#shared/build-info';
import { BuildInfo } from '#shared/contracts/build';
import { errorCodes } from '#shared/contracts/common';

export interface HealthRoutesOptions {
  /** The built front end's folder; given, `GET /build` answers the build id Vite wrote there. */
  clientDir?: string;
}

/**
 * Read once at start-up, like the index.html the static site serves: a deploy restarts the server, and the answer
 * must match the shell this process hands out. No file (an API-only server, tests, development) → null.
 */
function readBuildId(clientDir: string): string | null {
  try {
    return BuildInfo.parse(JSON.parse(readFileSync(path.join(clientDir, BUILD_INFO_FILE), 'utf8'))).build;
  } catch {
    return null;
  }
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { clientDir }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness',
        description:
          'Answers while the process serves requests, without touching the database (see `/ready`). Public, not ' +
          'rate-limited; served at the root and under `/api`.',
        response: { 200: z.object({ status: z.literal('ok') }).describe('The process is up') },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        description:
          'Pings the database; load balancers stop sending traffic while this answers 503. Public, not ' +
          'rate-limited; served at the root and under `/api`.',
        response: {
          200: z
            .object({ status: z.literal('ready'), database: z.string() })
            .describe('The database answered; `database` is its dialect (`sqlite` or `postgres`)'),
          503: errorCodes('DATABASE_UNAVAILABLE').describe('The database did not answer the ping'),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.db.ping();
        return { status: 'ready' as const, database: app.db.dialect };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ detail: 'DATABASE_UNAVAILABLE' });
      }
    },
  );

  if (clientDir === undefined) return;
  const build = readBuildId(clientDir);
  app.get(
    '/build',
    {
      schema: {
        tags: ['system'],
        summary: 'The build of the front end this server serves',
        description:
          'Open pages ask this every hour and offer a reload when it differs from their own build. Public, ' +
          '`Cache-Control: no-store`.',
        response: {
          200: BuildInfo.describe('The build id Vite wrote beside the front end, or null when none is served'),
        },
      },
    },
    async (_request, reply) => {
      // Asked to find out whether anything changed: a cached answer would hide the deploy it is looking for.
      void reply.header('cache-control', 'no-store');
      return { build };
    },
  );
};
