/** OpenAPI document generated from the routes' zod schemas, with the UI at /docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Anglerdex API',
        description: 'Catch heat maps, bait guide, catch logs, catalogue and accounts. Errors are `{"detail": ...}`.',
        version: '1',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A logger's secret upload token (`client_token` of POST /api/c_report/clients), not a user's JWT.
          loggerToken: { type: 'http', scheme: 'bearer', description: 'The `client_token` of a registered logger' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
});
