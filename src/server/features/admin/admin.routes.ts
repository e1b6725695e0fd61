/**
 * The moderation console's API (issue 24, decisions 0040 and 0041): `/api/admin/overview`, `/users`, `/orders`,
 * `/records`, `/ai`, `/catches`, `/loggers`, `/audit` (the catalogue's own routes, `/api/admin/catalogue`, are the
 * catalogue-admin feature's). Superusers only, by bearer token (no cookie is read, so another site's form cannot act
 * here); every answer `no-store` (http/no-store.ts); every operator at most ADMIN_PER_MINUTE requests a minute over
 * all of them. Every change goes through the audit log (audit-log.ts); destructive ones ask for the operator's
 * password again.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECORDS_FILE_MAX_BYTES } from '#shared/admin-rules';
import type { RateLimits } from '../../http/rate-limits';
import type { AdminAi } from './admin-ai';
import { registerAiRoutes } from './admin-ai.routes';
import { registerAuditRoutes } from './admin-audit.routes';
import type { AdminCatches } from './admin-catches';
import { registerCatchRoutes } from './admin-catches.routes';
import type { AdminLoggers } from './admin-loggers';
import { registerLoggerRoutes } from './admin-loggers.routes';
import type { AdminOverviewReads } from './admin-overview';
import type { AdminRecords } from './admin-records';
import { registerRecordRoutes } from './admin-records.routes';
import { routeKit } from './admin-route-kit';
import type { AdminUsers } from './admin-users';
import { registerUserRoutes } from './admin-users.routes';
import type { AuditLog } from './audit-log';
import type { CurrentPasswordCheck } from './confirm-password';

/** The console's services, built by the composition root (services.ts). */
export interface AdminConsole {
  audit: AuditLog;
  overview: AdminOverviewReads;
  users: AdminUsers;
  records: AdminRecords;
  ai: AdminAi;
  catches: AdminCatches;
  loggers: AdminLoggers;
  passwords: CurrentPasswordCheck;
}

export interface AdminRoutesOptions {
  console: AdminConsole;
  rateLimits: RateLimits;
  /** ADMIN_PER_MINUTE: requests per operator a minute, every console route together. */
  perMinute: number;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { console: admin, rateLimits, perMinute },
) => {
  // The records file's upload: one file, a reason beside it.
  await app.register(multipart, { limits: { fileSize: RECORDS_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const kit = routeKit(app, rateLimits.perUser('admin', perMinute, 60_000), perMinute);
  registerAuditRoutes(app, admin, kit);
  registerUserRoutes(app, admin.users, kit);
  registerRecordRoutes(app, admin.records, kit);
  registerAiRoutes(app, admin.ai, kit);
  registerCatchRoutes(app, admin.catches, kit);
  registerLoggerRoutes(app, admin.loggers, kit);
};
