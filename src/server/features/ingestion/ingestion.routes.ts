/**
 * Uploads (docs/catch-data-api.md §1–§2): the loggers' catch and sale batches, and the superuser's import of
 * official records. Each is a batch of 1–500 items and at most 1 MiB, judged item by item by the one writer and
 * answered only after its transaction has committed. Guide for logger authors: docs/logger-api.md.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CatchBatchResponse,
  CatchItem,
  MAX_BATCH_BYTES,
  LOGGER_BLOCKED_DETAIL,
  MAX_BATCH_ITEMS,
  OfficialRecordItem,
  RecordImportResponse,
  SaleItem,
} from '#shared/contracts/catches';
import {
  DatabaseBusyError,
  ErrorMessage,
  errorCodes,
  UnauthorizedError,
  ValidationErrorBody,
} from '#shared/contracts/common';
import { HttpError } from '../../http/http-error';
import { batchBody } from '../../http/batch-bodies';
import { requireJsonBody } from '../../http/json-bodies';
import { trustedResponse } from '../../http/trusted-responses';
import type { CatchWriter } from '../../catch-store/catch-store';
import type { AppMetrics } from '../../metrics/app-metrics';

// The uploads sit beside the logger registration in /docs; the import beside the record logs.
const loggerTags = ['loggers'];
const recordTags = ['logs'];

/** What the uploads need of the loggers feature (services.ts passes its `LoggerAuth` and `LastSeen`). */
export interface IngestionRoutesOptions {
  writer: CatchWriter;
  /** The onRequest hook refusing an unknown logger token (401), and the logger it found. */
  loggerAuth: { requireUploader(request: FastifyRequest): Promise<void>; clientOf(request: FastifyRequest): string };
  /** Records, after a batch has committed, that the logger was seen. */
  lastSeen: { seen(loggerId: string): void };
  /** Counts each answered item by outcome (decision 0027). */
  metrics?: Pick<AppMetrics, 'ingestion'>;
}

/**
 * preValidation: more than 500 items is a 413, as more than 1 MiB is (docs/catch-data-api.md §1), rather than the 422
 * the envelope schema would give: the request is too large, not malformed, and the fix is the same, send less.
 */
async function atMostMaxItems(request: { body: unknown }): Promise<void> {
  const items = (request.body as { items?: unknown } | null)?.items;
  if (Array.isArray(items) && items.length > MAX_BATCH_ITEMS)
    throw new HttpError(
      413,
      `Too many items: this endpoint accepts at most ${MAX_BATCH_ITEMS} items per request, not ${items.length}; send them in several batches`,
    );
}

const BATCH_RULES =
  'Body `{"items": [...]}` with 1–500 items and at most 1 MiB. Each item is judged alone: the answer has one result ' +
  'per item, in order (`created`, `duplicate` or `invalid` with its `errors`), sent only after the valid items are ' +
  'committed. Re-sending an item (same key) is always safe: it is answered `duplicate` and changes nothing.';

const batchErrors = {
  413: ErrorMessage.describe('More than 500 items or more than 1 MiB (1,048,576 bytes): send smaller batches'),
  422: ValidationErrorBody.describe(
    'The body is not `{"items": [...]}` with at least one item (FastAPI validation list); problems inside an item ' +
      "are that item's result in a 200 instead",
  ),
  503: DatabaseBusyError.describe(
    '`DATABASE_BUSY`: the database is locked or overloaded; nothing was stored. Retry the same batch after `Retry-After` seconds',
  ),
};

export const ingestionRoutes: FastifyPluginAsyncZod<IngestionRoutesOptions> = async (
  app,
  { writer, loggerAuth: auth, lastSeen, metrics },
) => {
  const loggerSecurity = [{ loggerToken: [] }];
  // The answer to a full batch is ~30 KB against the ~150 KB the logger just sent: gzipping it would cost more server
  // time per batch than any other step but the insert, for little gain on the wire.
  const uncompressed = { compress: false } as const;
  const unauthorizedLogger = UnauthorizedError.describe('Missing or unknown logger token (`WWW-Authenticate: Bearer`)');
  const blockedLogger = errorCodes(LOGGER_BLOCKED_DETAIL).describe(
    '`LOGGER_BLOCKED`: an operator blocked this logger (the moderation console); nothing is stored until it is ' +
      "unblocked. The logger should stop sending and tell its player that the site's moderators blocked it",
  );

  app.post(
    '/c_report/catches',
    {
      ...uncompressed,
      onRequest: auth.requireUploader,
      preValidation: [requireJsonBody, atMostMaxItems],
      bodyLimit: MAX_BATCH_BYTES,
      schema: {
        tags: loggerTags,
        summary: "A logger uploads catches (idempotent by the logger's `report_id`)",
        description: `${BATCH_RULES} A catch is checked against the catalogue: the ids exist, the fish lives on the map, the weight is within the fish's range, x/y are inside the map's bounds (edges included), \`caught_at\` is at most 5 minutes ahead and at most 400 days old. \`game_hour\` 0 is stored as 24. Game reality per logger: by default at most 6 catches in any UTC minute and 200 in any UTC hour of \`caught_at\` (a late batch counts where its catches fall); catches beyond are \`invalid\` with the reason (not stored, the rest of the batch is) and the logger is flagged for review, after which its catches are stored flagged. A new logger's catches are in probation (counted only by views with \`trust=all\`) for its first 24 hours after its first upload; a catch heavier than the fish's official record is stored flagged.`,
        security: loggerSecurity,
        body: batchBody(CatchItem),
        response: {
          200: trustedResponse(CatchBatchResponse.describe('One result per item, in the order of `items`')),
          401: unauthorizedLogger,
          403: blockedLogger,
          ...batchErrors,
        },
      },
    },
    async (request) => {
      const loggerId = auth.clientOf(request);
      const answer = await writer.writeCatches(loggerId, request.body.items);
      metrics?.ingestion('catch', answer);
      lastSeen.seen(loggerId);
      return answer;
    },
  );

  app.post(
    '/c_report/sales',
    {
      ...uncompressed,
      onRequest: auth.requireUploader,
      preValidation: [requireJsonBody, atMostMaxItems],
      bodyLimit: MAX_BATCH_BYTES,
      schema: {
        tags: loggerTags,
        summary: "A logger uploads sales (idempotent by the logger's `report_id`)",
        description: `${BATCH_RULES} \`sold_at\` follows the time rules of catches; \`star_count\` is at most \`fish_count\`.`,
        security: loggerSecurity,
        body: batchBody(SaleItem),
        response: {
          200: trustedResponse(CatchBatchResponse.describe('One result per item, in the order of `items`')),
          401: unauthorizedLogger,
          403: blockedLogger,
          ...batchErrors,
        },
      },
    },
    async (request) => {
      const loggerId = auth.clientOf(request);
      const answer = await writer.writeSales(loggerId, request.body.items);
      metrics?.ingestion('sale', answer);
      lastSeen.seen(loggerId);
      return answer;
    },
  );

  app.post(
    '/records/import',
    {
      onRequest: app.requireSuperuser,
      preValidation: [requireJsonBody, atMostMaxItems],
      bodyLimit: MAX_BATCH_BYTES,
      schema: {
        tags: recordTags,
        summary: 'Import official records (superuser; idempotent by `source_id`)',
        description: `${BATCH_RULES} Records are checked like catches; the measured fields (depth, weather, x/y, …) may be absent or null. \`npm run records:import -- FILE\` sends a CSV or JSON file through the same writer.`,
        body: batchBody(OfficialRecordItem),
        response: {
          200: trustedResponse(RecordImportResponse.describe('One result per record, in the order of `items`')),
          ...batchErrors,
        },
      },
    },
    async (request) => {
      const answer = await writer.writeRecords(request.body.items);
      metrics?.ingestion('record', answer);
      return answer;
    },
  );
};
