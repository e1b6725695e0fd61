/** `/api/admin/catches/*`: the console's catches (issue 24): search, hide, restore. */
import {
  ADMIN_CATCH_DEFAULT_DAYS,
  ADMIN_CATCH_MAX_DAYS,
  ADMIN_CATCH_MAX_IDS,
  AdminCatchChange,
  AdminCatchPage,
  AdminCatchQuery,
  CatchHideBody,
  CatchNotFoundError,
  CatchRestoreBody,
} from '#shared/contracts/admin';
import { LOG_COUNT_LIMIT } from '#shared/contracts/catches';
import { ValidationErrorBody } from '#shared/contracts/common';
import { requireJsonBody } from '../../http/json-bodies';
import { RequestValidationError } from '../../http/validation-errors';
import { currentUser } from '../../plugins/auth';
import type { AdminCatches } from './admin-catches';
import {
  type AdminApp,
  AUDITED,
  CONFIRMED,
  confirmedResponses,
  noChange,
  type RouteKit,
  tags,
} from './admin-route-kit';

const noSuchCatch = CatchNotFoundError.describe(
  '`{code: "ADMIN_CATCH_NOT_FOUND", reason}`: some ids name no stored catch (`reason` lists them); nothing changed',
);
const badIds = ValidationErrorBody.describe(
  `The validation list: \`ids\` missing, empty, more than ${ADMIN_CATCH_MAX_IDS} or not positive integers`,
);
const BY_IDS =
  `Ids already in the wanted state are left as they are; the answer names the ones that changed, and the audit ` +
  "row holds them. The heat map's rollups of the touched maps and days are recounted exactly in the same " +
  'transaction, and every kept answer over those maps drops (decision 0039).';

export function registerCatchRoutes(app: AdminApp, catches: AdminCatches, { guard, rules, limited }: RouteKit) {
  app.get(
    '/admin/catches',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Search stored catches, hidden ones too, with the logger that sent each (console)',
        description:
          'Every stored catch caught in `[from, to)` — by default the last ' +
          `${ADMIN_CATCH_DEFAULT_DAYS} days, at most ${ADMIN_CATCH_MAX_DAYS} days at once, so a search reads at ` +
          'most about a month of catches (PostgreSQL visits only those months) — filtered by map, fish, main bait, ' +
          'logger and trust (`hidden`: only those an operator hid; a level: the shown catches of it). Newest first, ' +
          `paged through the newest ${LOG_COUNT_LIMIT} matches, counted up to that many (\`total_exact\`). Names ` +
          `are not sent: the ids are the catalogue's. ${rules}`,
        querystring: AdminCatchQuery,
        response: {
          200: AdminCatchPage.describe('One page of catches, how many match, and the time range searched'),
          422: ValidationErrorBody.describe(
            `The validation list: a filter of the wrong type, \`from\` not before \`to\`, a range of more than ` +
              `${ADMIN_CATCH_MAX_DAYS} days, or a page beyond the newest ${LOG_COUNT_LIMIT} matches`,
          ),
          ...limited,
        },
      },
    },
    async (request) => {
      const { from, to, ...filters } = request.query;
      const range = catches.range(from, to);
      if ('field' in range)
        throw new RequestValidationError([
          { type: 'value_error', loc: ['query', range.field], msg: range.msg, input: range.input },
        ]);
      return catches.search({ ...filters, ...range });
    },
  );

  app.post(
    '/admin/catches/hide',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Hide catches: listed and counted nowhere public (console)',
        description:
          'Hidden catches leave the logs, the heat map, the bait guide and the AI answers, and keep their trust ' +
          `level for when they are shown again. ${BY_IDS} Reversible from the audit log while every one of them is ` +
          `still hidden. ${CONFIRMED} ${AUDITED} ${rules}`,
        body: CatchHideBody,
        response: {
          200: AdminCatchChange.describe('The catches hidden, and the audit row'),
          404: noSuchCatch,
          409: noChange.describe('`ADMIN_NO_CHANGE`: every one of the catches is hidden already'),
          422: badIds,
          ...confirmedResponses,
        },
      },
    },
    async (request) =>
      catches.hide(
        currentUser(request),
        request.body.ids,
        request.body.current_password,
        request.body.reason,
        request.ip,
      ),
  );

  app.post(
    '/admin/catches/restore',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Show hidden catches again, with the trust level they were stored with (console)',
        description: `${BY_IDS} Reversible from the audit log while every one of them is still shown. ${AUDITED} ${rules}`,
        body: CatchRestoreBody,
        response: {
          200: AdminCatchChange.describe('The catches shown again, and the audit row'),
          404: noSuchCatch,
          409: noChange.describe('`ADMIN_NO_CHANGE`: none of the catches is hidden'),
          422: badIds,
          ...limited,
        },
      },
    },
    async (request) => catches.restore(currentUser(request), request.body.ids, request.body.reason),
  );
}
