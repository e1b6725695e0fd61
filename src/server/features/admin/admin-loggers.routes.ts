/** `/api/admin/loggers/*`: the console's loggers (issue 24, decision 0041). */
import {
  AdminErrorCode,
  AdminLoggerCatchesChange,
  AdminLoggerChange,
  AdminLoggerPage,
  AdminLoggerParams,
  AdminLoggerQuery,
  ConfirmedBody,
  LoggerFlagBody,
  LoggerHideBody,
  LoggerRestoreBody,
  ReasonBody,
} from '#shared/contracts/admin';
import { errorCodes } from '#shared/contracts/common';
import { requireJsonBody } from '../../http/json-bodies';
import { currentUser } from '../../plugins/auth';
import type { AdminLoggers } from './admin-loggers';
import {
  type AdminApp,
  AUDITED,
  CONFIRMED,
  confirmedResponses,
  noChange,
  type RouteKit,
  tags,
} from './admin-route-kit';

const noSuchLogger = errorCodes(AdminErrorCode.LOGGER_NOT_FOUND).describe('No logger has this id');
const REVERSIBLE = 'Reversible from the audit log while the logger is still as the action left it.';
const RANGE =
  "The range is of the catches' `caught_at`, `[from, to)`, at most a year (422 otherwise); the heat map's rollups " +
  'of the days it touches are counted again in the same transaction, so every view drops (or regains) exactly ' +
  'those catches at once.';

export function registerLoggerRoutes(app: AdminApp, loggers: AdminLoggers, { guard, rules, limited }: RouteKit) {
  const changed = (what: string) => AdminLoggerChange.describe(`The logger ${what}, and the audit row`);

  app.get(
    '/admin/loggers',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Search loggers (console)',
        description:
          "Loggers whose id is `q`, or whose player name or bound user's nickname holds it (any case); all loggers " +
          'without it; `state` keeps those under review or blocked. Most recently seen first, paged. Each with its ' +
          `stored, flagged and hidden catches and its refused ones. ${rules}`,
        querystring: AdminLoggerQuery,
        response: { 200: AdminLoggerPage.describe('One page of loggers and how many match'), ...limited },
      },
    },
    async (request) => loggers.search(request.query),
  );

  app.post(
    '/admin/loggers/:id/flag',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Put a logger under review: its catches stored from now on are flagged (console)',
        description:
          'The catches it stored before keep their level (hide them by time range). `reason` becomes its flag ' +
          `reason. ${REVERSIBLE} ${AUDITED} ${rules}`,
        params: AdminLoggerParams,
        body: LoggerFlagBody,
        response: {
          200: changed('now under review'),
          404: noSuchLogger,
          409: noChange.describe('`ADMIN_NO_CHANGE`: the logger is under review already'),
          ...limited,
        },
      },
    },
    async (request) => loggers.flag(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/loggers/:id/clear',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "End a logger's review: its next catches are judged as any logger's (console)",
        description: `Its catches stored flagged stay flagged. ${REVERSIBLE} ${AUDITED} ${rules}`,
        params: AdminLoggerParams,
        body: ReasonBody,
        response: {
          200: changed('no longer under review'),
          404: noSuchLogger,
          409: noChange.describe('`ADMIN_NO_CHANGE`: the logger is not under review'),
          ...limited,
        },
      },
    },
    async (request) => loggers.clear(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/loggers/:id/block',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Block a logger: its uploads answer 403 with a `detail` for its player (console)',
        description:
          'At once on every instance (the upload reads the block with its token). Its stored catches stay as they ' +
          `are. ${REVERSIBLE} ${CONFIRMED} ${AUDITED} ${rules}`,
        params: AdminLoggerParams,
        body: ConfirmedBody,
        response: {
          200: changed('now blocked'),
          404: noSuchLogger,
          409: noChange.describe('`ADMIN_NO_CHANGE`: the logger is blocked already'),
          ...confirmedResponses,
        },
      },
    },
    async (request) =>
      loggers.block(
        currentUser(request),
        request.params.id,
        request.body.current_password,
        request.body.reason,
        request.ip,
      ),
  );

  app.post(
    '/admin/loggers/:id/unblock',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Unblock a logger: it may upload again (console)',
        description: `${REVERSIBLE} ${AUDITED} ${rules}`,
        params: AdminLoggerParams,
        body: ReasonBody,
        response: {
          200: changed('no longer blocked'),
          404: noSuchLogger,
          409: noChange.describe('`ADMIN_NO_CHANGE`: the logger is not blocked'),
          ...limited,
        },
      },
    },
    async (request) => loggers.unblock(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/loggers/:id/revoke',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Revoke a logger's token: every request with it answers 401 (console)",
        description:
          'The logger must register again (a new id and token) and its player bind the new one; its row and catches ' +
          `stay. Not reversible: no one holds the old token any more. ${CONFIRMED} ${AUDITED} ${rules}`,
        params: AdminLoggerParams,
        body: ConfirmedBody,
        response: { 200: changed('with its token revoked'), 404: noSuchLogger, ...confirmedResponses },
      },
    },
    async (request) =>
      loggers.revoke(
        currentUser(request),
        request.params.id,
        request.body.current_password,
        request.body.reason,
        request.ip,
      ),
  );

  app.post(
    '/admin/loggers/:id/hide',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Hide a logger's catches caught in a time range from every view (console)",
        description:
          `Each keeps its level, given back when restored. ${RANGE} Reversible from the audit log (the range ` +
          `restored) while some of it is still hidden. ${CONFIRMED} ${AUDITED} ${rules}`,
        params: AdminLoggerParams,
        body: LoggerHideBody,
        response: {
          200: AdminLoggerCatchesChange.describe('The logger, how many catches were hidden, and the audit row'),
          404: noSuchLogger,
          409: noChange.describe('`ADMIN_NO_CHANGE`: no shown catch of the logger in the range'),
          ...confirmedResponses,
        },
      },
    },
    async (request) => loggers.hide(currentUser(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/admin/loggers/:id/restore',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Show again a logger's hidden catches caught in a time range (console)",
        description:
          `Each at the level it was stored with. ${RANGE} Reversible from the audit log (the range hidden again). ` +
          `${AUDITED} ${rules}`,
        params: AdminLoggerParams,
        body: LoggerRestoreBody,
        response: {
          200: AdminLoggerCatchesChange.describe('The logger, how many catches were restored, and the audit row'),
          404: noSuchLogger,
          409: noChange.describe('`ADMIN_NO_CHANGE`: no hidden catch of the logger in the range'),
          ...limited,
        },
      },
    },
    async (request) => loggers.restore(currentUser(request), request.params.id, request.body),
  );
}
