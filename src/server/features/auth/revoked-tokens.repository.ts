/** The deny list of logged-out access tokens (by `jti`), pruned once the tokens would have expired anyway. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class RevokedTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isRevoked(jti: string): Promise<boolean> {
    const row = await this.db.selectFrom('revoked_token').select('jti').where('jti', '=', jti).executeTakeFirst();
    return row !== undefined;
  }

  async revoke(jti: string, expiresAt: number): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await this.db
      .insertInto('revoked_token')
      .values({ jti, expires_at: expiresAt })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
    await this.db.deleteFrom('revoked_token').where('expires_at', '<', now).execute();
  }
}
