/** The moderation console's test steps: an operator (a superuser with a known password) and their calls. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuditEntry } from '#shared/contracts/admin';
import { PASSWORD, signedIn } from './accounts';
import type { TestContext } from './test-app';
import { type Buyer, pendingOrder, sendEvent } from './vip-fixtures';

/** The env of a console test app: accounts and console calls made freely. */
export const ADMIN_TEST_ENV = { AUTH_IP_PER_MINUTE: '100000', ADMIN_PER_MINUTE: '100000' };

export interface Operator {
  id: string;
  email: string;
  token: string;
  /** `app.inject` as this operator, JSON body `payload`. */
  call(method: InjectOptions['method'], url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** A fresh superuser (made one in the database, as `npm run user:create -- --superuser` does). */
export async function operator(ctx: TestContext): Promise<Operator> {
  const { user, token } = await signedIn(ctx.app);
  await ctx.db.kysely.updateTable('users').set({ is_superuser: true }).where('id', '=', user.id).execute();
  return {
    id: user.id,
    email: user.email,
    token,
    call: (method, url, payload) =>
      ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) }),
  };
}

/** The operator's password, as a destructive action asks for it. */
export const confirmed = (extra: object = {}) => ({ current_password: PASSWORD, ...extra });

/** A paid one-time order of the buyer, through the local provider's signed webhook: its number. */
export async function paidOrder(ctx: TestContext, who: Buyer): Promise<string> {
  const orderNo = await pendingOrder(ctx, who);
  await sendEvent(ctx, { type: 'checkout.completed', order_no: orderNo });
  return orderNo;
}

/** The audit rows of a target, newest first, as the log answers them. */
export async function auditOf(admin: Operator, targetType: string, targetId: string): Promise<AuditEntry[]> {
  const res = await admin.call('GET', `/api/admin/audit?target_type=${targetType}&target_id=${targetId}`);
  if (res.statusCode !== 200) throw new Error(`audit list failed: ${res.statusCode} ${res.body}`);
  return res.json<{ items: AuditEntry[] }>().items;
}

/** A multipart/form-data body as a browser would send it (the records file's upload). */
export async function multipartForm(parts: { name: string; data: string; filename?: string }[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name, part.data);
    else form.append(part.name, new Blob([part.data]), part.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
