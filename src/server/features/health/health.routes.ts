/** Liveness and readiness for load balancers and orchestrators. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string() }),
          503: z.object({ detail: z.string() }),
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
};
