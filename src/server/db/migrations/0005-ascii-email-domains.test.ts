/**
 * Migration 0005 on a real database: addresses stored before decision 0010 with an internationalised domain are
 * converted to the ASCII form lookups now use, so their users can still log in.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, loginRequest, register } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { up } from './0005-ascii-email-domains';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false, env: { AUTH_IP_PER_MINUTE: '1000' } });
});
afterAll(() => ctx.close());

const users = () => ctx.db.kysely.selectFrom('users').select(['id', 'email', 'email_lower']);
/** Writes a row as the server did before: the domain as typed (lower-cased), not converted. */
async function legacyRow(email: string) {
  const user = await register(ctx.app);
  await ctx.db.kysely
    .updateTable('users')
    .set({ email, email_lower: email.toLowerCase() })
    .where('id', '=', user.id)
    .execute();
  return user.id;
}

describe('0005-ascii-email-domains', () => {
  it('converts Unicode domains, keeps the local part, and leaves a row whose ASCII form is taken', async () => {
    const tag = randomUUID().slice(0, 8);
    const converted = await legacyRow(`Pike.${tag}@bücher.example`);
    const twin = await legacyRow(`twin.${tag}@bücher.example`);
    const holder = await register(ctx.app, { email: `twin.${tag}@xn--bcher-kva.example` });
    // Before the migration the legacy account cannot log in: lookups use the ASCII form.
    expect((await loginRequest(ctx.app, `Pike.${tag}@bücher.example`, PASSWORD)).statusCode).toBe(400);

    await up(ctx.db.kysely);

    expect(await users().where('id', '=', converted).executeTakeFirstOrThrow()).toMatchObject({
      email: `Pike.${tag}@xn--bcher-kva.example`,
      email_lower: `pike.${tag}@xn--bcher-kva.example`,
    });
    expect((await users().where('id', '=', twin).executeTakeFirstOrThrow()).email).toBe(`twin.${tag}@bücher.example`);
    expect((await users().where('id', '=', holder.id).executeTakeFirstOrThrow()).email).toBe(
      `twin.${tag}@xn--bcher-kva.example`,
    );
    expect((await loginRequest(ctx.app, `Pike.${tag}@bücher.example`, PASSWORD)).statusCode).toBe(200);
  });
});
