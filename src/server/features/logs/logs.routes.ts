/**
 * `/api/logs/*` (docs/catch-data-api.md §2): the AI records (catches the bird loggers send) and the official records,
 * each a filtered list, newest first, and one item by id. Public; `mine=true` needs a bearer token and narrows the list
 * to the current user's own catches or records. The lists skip response re-validation (decision 0009): the repository
 * builds exactly the documented shape.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BirdLogItem,
  BirdLogPage,
  BirdLogQuery,
  LOG_COUNT_LIMIT,
  LogIdParams,
  OfficialLogItem,
  OfficialLogPage,
  OfficialLogQuery,
} from '#shared/contracts/catches';
import { errorCodes, UnauthorizedError, ValidationErrorBody } from '#shared/contracts/common';
import type { User } from '../../accounts/users.repository';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../http/http-error';
import { trustedResponse } from '../../http/trusted-responses';
import type { LogsService } from './logs.service';

const tags = ['logs'];

export interface LogsRoutesOptions {
  logs: LogsService;
}

/** Anyone may read; a bearer token is needed only for `mine=true`. */
const optionalBearer: { [scheme: string]: string[] }[] = [{ bearer: [] }, {}];

const FILTERS = `Filters: \`map_id\`, \`fish_id\`, \`bait_id\` (the first bait of a rig), \`star_type\`, \`rod_type\`, \`from\` (inclusive) and \`to\` (exclusive) as ISO-8601 times. \`total\` is exact up to ${LOG_COUNT_LIMIT} matches; beyond that it is ${LOG_COUNT_LIMIT} with \`total_exact: false\`, and pages reach the newest ${LOG_COUNT_LIMIT} (page × page_size ≤ ${LOG_COUNT_LIMIT}): narrow the filters for older ones.`;

const responses = {
  401: UnauthorizedError.describe('`mine=true` without a valid bearer token'),
  422: ValidationErrorBody.describe('A query parameter is invalid (FastAPI validation list)'),
};
const PUBLIC = 'Public, not rate-limited.';

export const logsRoutes: FastifyPluginAsyncZod<LogsRoutesOptions> = async (app, { logs }) => {
  /** The current user for `mine=true` (401 without a good token); null otherwise, whatever the headers say. */
  async function mineUser(request: FastifyRequest, mine: boolean): Promise<User | null> {
    if (!mine) return null;
    await app.requireUser(request);
    return currentUser(request);
  }

  app.get(
    '/logs/bird',
    {
      schema: {
        tags,
        summary: 'AI records: catches reported by the bird loggers, newest first',
        description: `${FILTERS} \`mine=true\` (bearer token): only the catches of the current user's bound logger (none without one). A catch never shows which logger or player sent it; each shows its \`trust\` level (catches an operator hid are never listed). ${PUBLIC}`,
        security: optionalBearer,
        querystring: BirdLogQuery,
        response: { 200: trustedResponse(BirdLogPage.describe('One page of catches')), ...responses },
      },
    },
    async (request) => logs.birdLogs(request.query, await mineUser(request, request.query.mine)),
  );

  app.get(
    '/logs/bird/:id',
    {
      schema: {
        tags,
        summary: 'One AI record (catch) by id',
        description: `The catch as listed by \`/logs/bird\`, for a link to one catch. ${PUBLIC}`,
        security: [],
        params: LogIdParams,
        response: {
          200: trustedResponse(BirdLogItem.describe('The catch')),
          404: errorCodes('CATCH_NOT_FOUND').describe('No catch has this id'),
          422: ValidationErrorBody.describe('`id` is not a positive integer (FastAPI validation list)'),
        },
      },
    },
    async (request) => {
      const item = await logs.birdLog(request.params.id);
      if (!item) throw new HttpError(404, 'CATCH_NOT_FOUND');
      return item;
    },
  );

  app.get(
    '/logs/official',
    {
      schema: {
        tags,
        summary: "Official records from the game's record tables, newest first",
        description: `${FILTERS} \`category\` is the record's rod type (the same column as \`rod_type\`). \`mine=true\` (bearer token): only the records whose player name is the one the current user's bound logger registered with (none without one). ${PUBLIC}`,
        security: optionalBearer,
        querystring: OfficialLogQuery,
        response: { 200: trustedResponse(OfficialLogPage.describe('One page of official records')), ...responses },
      },
    },
    async (request) => logs.officialLogs(request.query, await mineUser(request, request.query.mine)),
  );

  app.get(
    '/logs/official/:id',
    {
      schema: {
        tags,
        summary: 'One official record by id',
        description: `The record as listed by \`/logs/official\`, for a link to one record. ${PUBLIC}`,
        security: [],
        params: LogIdParams,
        response: {
          200: trustedResponse(OfficialLogItem.describe('The official record')),
          404: errorCodes('RECORD_NOT_FOUND').describe('No official record has this id'),
          422: ValidationErrorBody.describe('`id` is not a positive integer (FastAPI validation list)'),
        },
      },
    },
    async (request) => {
      const item = await logs.officialLog(request.params.id);
      if (!item) throw new HttpError(404, 'RECORD_NOT_FOUND');
      return item;
    },
  );
};
