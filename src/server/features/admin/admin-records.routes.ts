/** `/api/admin/records/*`: the console's official records (issue 24). */
import {
  AdminErrorCode,
  AdminRecordChange,
  AdminRecordDeleted,
  AdminRecordPage,
  AdminRecordQuery,
  ConfirmedBody,
  RECORDS_FILE_MAX_BYTES,
  RecordCorrectionBody,
  RecordInvalidError,
  RecordParams,
  RecordsImportResult,
} from '#shared/contracts/admin';
import { codeWithReason, errorCodes, ValidationErrorBody } from '#shared/contracts/common';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requireJsonBody } from '../../http/json-bodies';
import { RequestValidationError } from '../../http/validation-errors';
import { currentUser } from '../../plugins/auth';
import { type AdminRecords, RecordInvalid } from './admin-records';
import {
  type AdminApp,
  AUDITED,
  CONFIRMED,
  confirmedResponses,
  noChange,
  type RouteKit,
  tags,
} from './admin-route-kit';

const noSuchRecord = errorCodes(AdminErrorCode.RECORD_NOT_FOUND).describe('No record has this id');

export function registerRecordRoutes(app: AdminApp, records: AdminRecords, { guard, rules, limited }: RouteKit) {
  app.get(
    '/admin/records',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Official records with their source ids (console)',
        description:
          'Every imported record, newest catch first, filtered by map, fish, player (exact), source id and the time ' +
          `of the catch. ${rules}`,
        querystring: AdminRecordQuery,
        response: { 200: AdminRecordPage.describe('One page of records and how many match'), ...limited },
      },
    },
    async (request) => records.list(request.query),
  );

  app.post(
    '/admin/records/import',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Import a records file, as `npm run records:import` does (console)',
        description:
          'A multipart form with the file in the field `file` (CSV with a header row naming the fields, or a JSON ' +
          `array; docs/logger-api.md) and an optional \`reason\` field, at most ${RECORDS_FILE_MAX_BYTES} bytes. ` +
          'The same importer and rules as the command and `POST /records/import`: 500 records per transaction, ' +
          'idempotent by `source_id` (a file sent again creates nothing). Answers the counts and every refused ' +
          'record with its line. The audit row is written when the import has ended (or stopped), with its counts: ' +
          `the importer's own transactions cannot hold it. ${rules}`,
        consumes: ['multipart/form-data'],
        response: {
          200: RecordsImportResult.describe('What the import created, found already there, and refused'),
          400: errorCodes('Missing boundary in multipart.', 'There was an error parsing the body').describe(
            "A multipart body that cannot be read (FastAPI's messages)",
          ),
          413: errorCodes(AdminErrorCode.RECORDS_FILE_TOO_LARGE).describe(
            `The file is over ${RECORDS_FILE_MAX_BYTES} bytes: import it with \`npm run records:import\` on the server`,
          ),
          422: z
            .object({
              detail: z.union([codeWithReason(AdminErrorCode.RECORDS_FILE_INVALID), ValidationErrorBody.shape.detail]),
            })
            .describe(
              '`{code: "ADMIN_RECORDS_FILE_INVALID", reason}`: the file is neither readable CSV nor a JSON array ' +
                '(`reason` says where); or the validation list when the body is not multipart or has no `file`',
            ),
          ...limited,
        },
      },
    },
    async (request) => {
      const missing = () =>
        new RequestValidationError([{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }]);
      if (!request.isMultipart()) throw missing();
      let file: { name: string; text: string } | null = null;
      let reason: string | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'reason' && typeof part.value === 'string') reason = part.value.trim().slice(0, 500);
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        try {
          file = { name: part.filename || 'records', text: (await part.toBuffer()).toString('utf8') };
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(413, AdminErrorCode.RECORDS_FILE_TOO_LARGE);
          throw error;
        }
      }
      if (!file) throw missing();
      return records.import(currentUser(request), file.name, file.text, reason || undefined);
    },
  );

  app.patch(
    '/admin/records/:id',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Correct an official record's fields (console)",
        description:
          "Only the fields sent change (not `source_id`, the record's identity); the record as corrected is judged " +
          "by the import's rules (catalogue ids, the fish on the map, its weight range, the map's bounds, and the " +
          `time rule when \`caught_at\` changes). Reversible while the record is as corrected. ${AUDITED} ${rules}`,
        params: RecordParams,
        body: RecordCorrectionBody,
        response: {
          200: AdminRecordChange.describe('The record as corrected, and the audit row'),
          404: noSuchRecord,
          409: noChange.describe('`ADMIN_NO_CHANGE`: the record already has these values'),
          422: z
            .object({ detail: z.union([RecordInvalidError.shape.detail, ValidationErrorBody.shape.detail]) })
            .describe(
              '`{code: "ADMIN_RECORD_INVALID", errors: [{field, msg}]}`: the corrected record breaks the import\'s ' +
                'rules, each one listed as the import words it; or the validation list (a field of the wrong type)',
            ),
          ...limited,
        },
      },
    },
    async (request) => {
      try {
        return await records.correct(currentUser(request), request.params.id, request.body);
      } catch (error) {
        if (error instanceof RecordInvalid)
          throw new HttpError(422, { code: AdminErrorCode.RECORD_INVALID, errors: error.errors });
        throw error;
      }
    },
  );

  app.delete(
    '/admin/records/:id',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Delete an official record (console)',
        description:
          'The audit row keeps every field, so a revert puts the record back with its id (unless another record ' +
          `took its \`source_id\` meanwhile). ${CONFIRMED} ${AUDITED} ${rules}`,
        params: RecordParams,
        body: ConfirmedBody,
        response: {
          200: AdminRecordDeleted.describe('Deleted: the audit row'),
          404: noSuchRecord,
          ...confirmedResponses,
        },
      },
    },
    async (request) =>
      records.delete(
        currentUser(request),
        request.params.id,
        request.body.current_password,
        request.body.reason,
        request.ip,
      ),
  );
}
