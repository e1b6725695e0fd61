/**
 * OpenAPI document generated from the routes' zod schemas, with the UI at /docs. Third parties generate clients from
 * `/docs/json`, so it must be complete and typed (decision 0019): the defaults every route gets are added in
 * `openapi-defaults.ts`, the shared error shapes are named components (`#shared/contracts/common`), and
 * `npm run api:check` (scripts/check-openapi.ts) refuses a document with gaps.
 */
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addOpenApiDefaults, componentOf } from './openapi-defaults';

/**
 * fastify-type-provider-zod's transform, except that a described copy of a named component is documented as a
 * reference to the component, with the copy's description as the response's: `401: UnauthorizedError.describe(…)`
 * stays one `UnauthorizedError` type in generated clients instead of a new anonymous one per route.
 */
const transform: SwaggerTransform = (input) => {
  const response = input.schema?.response as Record<string, z.ZodType> | undefined;
  if (!response) return jsonSchemaTransform(input);
  const descriptions: Record<string, string> = {};
  const named = Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const component = componentOf(schema);
      if (!component || component === schema) return [status, schema];
      const description = z.globalRegistry.get(schema)?.description;
      if (description) descriptions[status] = description;
      return [status, component];
    }),
  );
  // `produces` (a download, e.g. `text/csv`) is the media type of the 200 alone: the errors stay JSON.
  const { produces, ...schema } = input.schema as { produces?: string[] };
  const result = jsonSchemaTransform({ ...input, schema: { ...schema, response: named } });
  const documented = (result.schema as { response: Record<string, Record<string, unknown>> }).response;
  // @fastify/swagger takes a response's description from its schema, and drops what stands beside a `$ref`.
  for (const [status, description] of Object.entries(descriptions)) documented[status]!.description = description;
  if (produces && documented['200']) {
    const { description, ...body } = documented['200'];
    documented['200'] = { description, content: Object.fromEntries(produces.map((type) => [type, { schema: body }])) };
  }
  return result;
};

/** Every `$ref` name under `value`. */
function referencedNames(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedNames(item, into);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child.replace('#/components/schemas/', ''));
      else referencedNames(child, into);
    }
  return into;
}

/**
 * The named components, keeping only those the operations use: fastify-type-provider-zod emits every named schema
 * twice (as `X` and as the request-side `XInput`), and a generated client would carry the unused half.
 */
const transformObject: SwaggerTransformObject = (input) => {
  // An OpenAPI 3 document (the plugin's type also allows Swagger 2, which has no `components`).
  const document = jsonSchemaTransformObject(input) as { paths?: object; components?: { schemas?: object } };
  const schemas: Record<string, unknown> = { ...document.components?.schemas };
  const used = referencedNames(document.paths, new Set());
  // A Set iterates over what is added while it runs: components used by used components are kept too.
  for (const name of used) referencedNames(schemas[name], used);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } } as ReturnType<SwaggerTransformObject>;
};

export default fp(async function openapi(app: FastifyInstance) {
  addOpenApiDefaults(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Anglerdex API',
        description:
          'Catch heat maps, bait guide, catch logs, catalogue and accounts. Errors are `{"detail": ...}`: a code or ' +
          "message string, a `{code, reason}` object, or a list of validation problems (422, FastAPI's shape).",
        version: '1',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A user access token from `POST /api/auth/jwt/login`',
          },
          superuser: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A user access token (as `bearer`) whose user is a superuser; other users get 403',
          },
          // A logger's secret upload token (`client_token` of POST /api/c_report/clients), not a user's JWT.
          loggerToken: { type: 'http', scheme: 'bearer', description: 'The `client_token` of a registered logger' },
        },
      },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
});
