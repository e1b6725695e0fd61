/**
 * Liveness and readiness for load balancers and orchestrators, and (under /api) the build the site serves, which open
 * pages poll to offer a reload after a deploy (docs/product-requirements.md §9). Liveness never waits on anything, so
 * a slow database never gets a live process restarted; readiness checks what serving needs (decision 0027). Neither
 * is refused while the server is overloaded (plugins/overload.ts): a busy process is neither dead nor lost.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUILD_INFO_FILE } from '#shared/build-info';
import { BuildInfo } from '#shared/contracts/build';
import { errorCodes } from '#shared/contracts/common';
import { OVERLOAD_EXEMPT } from '../../plugins/overload';

/** What `/ready` checks beside the database; each rejects when its part is not ready. */
export interface ReadinessChecks {
  /** Pings Redis; absent when no REDIS_URL is configured. */
  redis?: () => Promise<void>;
  /** Resolves once the catalogue is in memory (loading it if it never was). */
  catalogue: () => Promise<unknown>;
}

export interface HealthRoutesOptions {
  /** The built front end's folder; given, `GET /build` answers the build id Vite wrote there. */
  clientDir?: string;
  readiness: ReadinessChecks;
}

const NOT_READY = ['DATABASE_UNAVAILABLE', 'REDIS_UNAVAILABLE', 'CATALOGUE_UNAVAILABLE'] as const;
type NotReady = (typeof NOT_READY)[number];

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

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { clientDir, readiness }) => {
  app.get(
    '/health',
    {
      config: OVERLOAD_EXEMPT,
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

  /** Each part serving needs, in order, and the code naming it when it fails. */
  const checks: [NotReady, () => Promise<unknown>][] = [
    ['DATABASE_UNAVAILABLE', () => app.db.ping()],
    ...(readiness.redis ? [['REDIS_UNAVAILABLE', readiness.redis] as [NotReady, () => Promise<unknown>]] : []),
    ['CATALOGUE_UNAVAILABLE', readiness.catalogue],
  ];

  app.get(
    '/ready',
    {
      config: OVERLOAD_EXEMPT,
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database, Redis (when configured) and the catalogue',
        description:
          'Pings the database and, when the server is configured with Redis, Redis, and checks that the catalogue ' +
          'is in memory; load balancers stop sending traffic while this answers 503, whose `detail` names the first ' +
          'part that failed. With a read replica (DATABASE_REPLICA_URL) it is pinged too and `replica` says whether ' +
          'it answered; a replica that is down does not make the server unready, since its reads go to the primary. ' +
          'Public, not rate-limited; served at the root and under `/api`.',
        response: {
          200: z
            .object({
              status: z.literal('ready'),
              database: z.string(),
              replica: z
                .enum(['up', 'down'])
                .optional()
                .describe('Only with DATABASE_REPLICA_URL: `down` while the public reads are served by the primary'),
            })
            .describe('Everything answered; `database` is its dialect (`sqlite` or `postgres`)'),
          503: errorCodes(...NOT_READY).describe(
            '`DATABASE_UNAVAILABLE`: the database did not answer the ping; `REDIS_UNAVAILABLE`: Redis is configured ' +
              'and did not answer; `CATALOGUE_UNAVAILABLE`: the catalogue could not be loaded',
          ),
        },
      },
    },
    async (request, reply) => {
      for (const [code, check] of checks) {
        try {
          await check();
        } catch (err) {
          request.log.warn({ err, code }, 'readiness check failed');
          return reply.code(503).send({ detail: code });
        }
      }
      const replica = await app.db.replica?.check();
      if (replica === 'down') request.log.warn('read replica down: public reads go to the primary');
      return { status: 'ready' as const, database: app.db.dialect, ...(replica && { replica }) };
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
