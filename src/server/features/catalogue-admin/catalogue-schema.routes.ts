/**
 * `GET /api/system/catalogue-schema.json`: the JSON Schema of a catalogue package's files (docs/catalogue-format.md),
 * public, so that operators and third-party tools can check a package before they upload it. It changes only with a
 * deploy: serialised once, cached for an hour, with an ETag (http/conditional-get.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendConditional, serializedAnswer } from '../../http/conditional-get';
import { trustedResponse } from '../../http/trusted-responses';

export interface CatalogueSchemaRoutesOptions {
  /** The schema document (features/catalogue/package: `cataloguePackageJsonSchema()`), built once here. */
  packageSchema: () => object;
}

const SCHEMA_CACHE_CONTROL = 'public, max-age=3600';

export const catalogueSchemaRoutes: FastifyPluginAsyncZod<CatalogueSchemaRoutesOptions> = async (
  app,
  { packageSchema },
) => {
  const answer = serializedAnswer(JSON.stringify(packageSchema()));
  app.get(
    '/system/catalogue-schema.json',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The JSON Schema of catalogue packages (manifest and group files)',
        description:
          'One JSON Schema document (draft 2020-12) with a definition for `manifest.json` and for each group file of ' +
          'a catalogue package, as the importer reads them. Public, not rate-limited; changes only with a deploy: ' +
          'cached for an hour, with an ETag; a matching If-None-Match gets 304 without a body.',
        response: {
          200: trustedResponse(z.record(z.string(), z.unknown()).describe('The JSON Schema document')),
          304: z.null().describe('Unchanged since the ETag sent in If-None-Match: no body'),
        },
      },
    },
    async (request, reply) => sendConditional(request, reply, answer, SCHEMA_CACHE_CONTROL),
  );
};
