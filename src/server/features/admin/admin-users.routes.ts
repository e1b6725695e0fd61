/** `/api/admin/users/*` and `/api/admin/orders/{order_no}/refund`: the console's users (issue 24). */
import {
  AdminErrorCode,
  AdminRefund,
  AdminUserChange,
  AdminUserDetail,
  AdminUserPage,
  AdminUserParams,
  AdminUserQuery,
  ConfirmedBody,
  OrderNoParams,
  ReasonBody,
  VipGrantBody,
} from '#shared/contracts/admin';
import { errorCodes } from '#shared/contracts/common';
import { VIP_ERRORS } from '#shared/vip-rules';
import { requireJsonBody } from '../../http/json-bodies';
import { currentUser } from '../../plugins/auth';
import type { AdminUsers } from './admin-users';
import {
  type AdminApp,
  AUDITED,
  CONFIRMED,
  confirmedResponses,
  noChange,
  type RouteKit,
  tags,
} from './admin-route-kit';

const noSuchUser = errorCodes(AdminErrorCode.USER_NOT_FOUND).describe('No user has this id');

export function registerUserRoutes(app: AdminApp, users: AdminUsers, { guard, rules, limited }: RouteKit) {
  app.get(
    '/admin/users',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Search users (console)',
        description:
          'Users whose e-mail or nickname holds `q` (any case), or whose id or bound logger id is `q`; all users ' +
          `without it. Newest first, paged. ${rules}`,
        querystring: AdminUserQuery,
        response: { 200: AdminUserPage.describe('One page of users and how many match'), ...limited },
      },
    },
    async (request) => users.search(request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'One user with their orders (console)',
        description: `The account, its orders (newest first, at most 100) and whether a subscription renews. ${rules}`,
        params: AdminUserParams,
        response: { 200: AdminUserDetail.describe('The user and their orders'), 404: noSuchUser, ...limited },
      },
    },
    async (request) => users.detail(request.params.id),
  );

  app.post(
    '/admin/users/:id/deactivate',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Deactivate a user: they can no longer log in, and every token they hold stops working (console)',
        description:
          `Reversible from the audit log (reactivating does not bring the old tokens back). An operator cannot ` +
          `deactivate their own account. ${CONFIRMED} ${AUDITED} ${rules}`,
        params: AdminUserParams,
        body: ConfirmedBody,
        response: {
          200: AdminUserChange.describe('The user, now inactive, and the audit row'),
          404: noSuchUser,
          409: errorCodes(AdminErrorCode.SELF, AdminErrorCode.NO_CHANGE).describe(
            "`ADMIN_SELF`: this is the operator's own account; `ADMIN_NO_CHANGE`: the user is inactive already",
          ),
          ...confirmedResponses,
        },
      },
    },
    async (request) =>
      users.deactivate(
        currentUser(request),
        request.params.id,
        request.body.current_password,
        request.body.reason,
        request.ip,
      ),
  );

  app.post(
    '/admin/users/:id/reactivate',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Reactivate a deactivated user (console)',
        description: `They can log in again; tokens revoked by the deactivation stay revoked. ${AUDITED} ${rules}`,
        params: AdminUserParams,
        body: ReasonBody,
        response: {
          200: AdminUserChange.describe('The user, active again, and the audit row'),
          404: noSuchUser,
          409: noChange.describe('`ADMIN_NO_CHANGE`: the user is active already'),
          ...limited,
        },
      },
    },
    async (request) => users.reactivate(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/users/:id/verify',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: "Mark a user's e-mail address verified (console)",
        description: `As if they had followed the verification link. Reversible. ${AUDITED} ${rules}`,
        params: AdminUserParams,
        body: ReasonBody,
        response: {
          200: AdminUserChange.describe('The user, now verified, and the audit row'),
          404: noSuchUser,
          409: noChange.describe('`ADMIN_NO_CHANGE`: the user is verified already'),
          ...limited,
        },
      },
    },
    async (request) => users.verify(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/users/:id/vip',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Grant or extend VIP by a number of days, with a reason (console)',
        description:
          'Adds `days` to the later of now and the current expiry, as a paid order adds its 30 days; no order and no ' +
          'activation key are made. Reversible: while the expiry is still what the grant made it, the revert puts ' +
          'back the one before; once a payment moved it, the days are taken back from it, never before now. ' +
          `${AUDITED} ${rules}`,
        params: AdminUserParams,
        body: VipGrantBody,
        response: {
          200: AdminUserChange.describe('The user with the new `vip_expire_at`, and the audit row'),
          404: noSuchUser,
          ...limited,
        },
      },
    },
    async (request) => users.grantVip(currentUser(request), request.params.id, request.body.days, request.body.reason),
  );

  app.post(
    '/admin/orders/:order_no/refund',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Refund a paid order through its payment provider (console)',
        description:
          'The provider gives the whole payment back (Stripe: a Refund of the PaymentIntent, idempotent per order; ' +
          "the local test provider: a refund of its own), then the order is refunded here as the provider's " +
          '`charge.refunded` event would: its activation key revoked and its 30 days taken back (never before now). ' +
          `The provider's own webhook, when it comes, changes nothing more. Not reversible. ${CONFIRMED} ` +
          `${AUDITED} ${rules}`,
        params: OrderNoParams,
        body: ConfirmedBody,
        response: {
          200: AdminRefund.describe('The order, now refunded, and the audit row'),
          404: errorCodes(VIP_ERRORS.orderNotFound).describe('No order has this number'),
          409: errorCodes(VIP_ERRORS.orderNotRefundable).describe(
            'The order is not paid (pending, failed, canceled, expired or refunded already), or was paid through ' +
              'another provider than the configured one',
          ),
          503: errorCodes(VIP_ERRORS.providerUnavailable).describe(
            'The payment provider could not be reached or refused the refund; nothing changed. Try again after ' +
              '`Retry-After` seconds',
          ),
          ...confirmedResponses,
        },
      },
    },
    async (request) =>
      users.refund(
        currentUser(request),
        request.params.order_no,
        request.body.current_password,
        request.body.reason,
        request.ip,
      ),
  );
}
