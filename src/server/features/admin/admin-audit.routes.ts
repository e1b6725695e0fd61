/** `/api/admin/audit/*` and `/api/admin/overview`: the audit log, its reverts, and the overview (issue 24). */
import {
  AdminErrorCode,
  AdminOverview,
  AuditPage,
  AuditParams,
  AuditQuery,
  ConfirmedBody,
  RevertResult,
} from '#shared/contracts/admin';
import { codeWithReason, errorCodes } from '#shared/contracts/common';
import { z } from 'zod';
import { requireJsonBody } from '../../http/json-bodies';
import { currentUser } from '../../plugins/auth';
import type { AdminOverviewReads } from './admin-overview';
import { type AdminApp, CONFIRMED, confirmedResponses, type RouteKit, tags } from './admin-route-kit';
import type { AuditLog } from './audit-log';
import { confirmPassword, type CurrentPasswordCheck } from './confirm-password';

export function registerAuditRoutes(
  app: AdminApp,
  { audit, overview, passwords }: { audit: AuditLog; overview: AdminOverviewReads; passwords: CurrentPasswordCheck },
  { guard, rules, limited }: RouteKit,
) {
  app.get(
    '/admin/overview',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The console overview: catches per hour, active loggers, unanswered AI questions, orders (console)',
        description:
          'Counted when asked: catches per UTC hour over the last 24 hours (by when they were caught), loggers ' +
          'that uploaded in that time, AI questions and those that named no fish or got no facts, every order by ' +
          'status, users and active VIP members, the catches refused at ingestion by reason over the 24 hours with ' +
          `their share of the uploaded ones (\`refused_by_reason\`), and the loggers under review. ${rules}`,
        response: { 200: AdminOverview.describe('The figures'), ...limited },
      },
    },
    async () => overview.overview(),
  );

  app.get(
    '/admin/audit',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The audit log: every operator action, newest first (console)',
        description:
          'Append-only: rows are never changed or deleted (the database refuses it). Filter by operator (id or ' +
          'e-mail), action, target (type and id) and time. Each row says who, what, on what, why, the target ' +
          `before and after, when, whether it can be reverted and by which row it was. ${rules}`,
        querystring: AuditQuery,
        response: { 200: AuditPage.describe('One page of the log and how many rows match'), ...limited },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.post(
    '/admin/audit/:id/revert',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Revert a reversible action of the audit log (console)',
        description:
          'Undoes the action while its target is as the action left it, and writes the revert as a row of its own ' +
          '(`audit.revert`, naming the row it undid) in the same transaction. A row is reverted at most once; a ' +
          `revert is not reversible. ${CONFIRMED} ${rules}`,
        params: AuditParams,
        body: ConfirmedBody,
        response: {
          200: RevertResult.describe("The revert's row and the row it undid"),
          404: errorCodes(AdminErrorCode.AUDIT_NOT_FOUND).describe('No audit row has this id'),
          409: z
            .object({
              detail: z.union([
                z.enum([
                  AdminErrorCode.NOT_REVERSIBLE,
                  AdminErrorCode.ALREADY_REVERTED,
                  AdminErrorCode.SOURCE_ID_TAKEN,
                ]),
                codeWithReason(AdminErrorCode.REVERT_CONFLICT, AdminErrorCode.ALIAS_TAKEN),
              ]),
            })
            .describe(
              '`ADMIN_NOT_REVERSIBLE`: this action cannot be undone (a refund, an import, a revert); ' +
                '`ADMIN_ALREADY_REVERTED`; `{code: "ADMIN_REVERT_CONFLICT", reason}`: the target changed since ' +
                '(or is gone); `ADMIN_SOURCE_ID_TAKEN` / `{code: "ADMIN_ALIAS_TAKEN", reason}`: putting a deleted ' +
                'record or alias back would clash with one made since. Nothing was changed',
            ),
          ...confirmedResponses,
        },
      },
    },
    async (request) => {
      const operator = currentUser(request);
      await confirmPassword(passwords, operator, request.body.current_password, request.ip);
      return audit.revert(operator, request.params.id, request.body.reason);
    },
  );
}
