/**
 * Binding codes (decision 0017): the one-time code a logger asks for and shows its player, who types it into the site
 * beside the logger id. One pending code per logger, a new one replacing it; only a hash is stored, and a code is
 * used up by deleting its row, so two binds racing with one code cannot both succeed.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BINDING_CODE_ALPHABET, BINDING_CODE_LENGTH, normalizeBindingCode } from '#shared/account-rules';
import type { Database } from '../../db/schema';

/** The hash of a code as typed: its canonical form first, so `7k3q-x9mz` matches the `7K3QX9MZ` the logger showed. */
function hashCode(typed: string): string {
  return createHash('sha256').update(normalizeBindingCode(typed)).digest('hex');
}

/** Eight characters of Crockford's base32 from the OS's randomness (`randomInt` is uniform, no modulo bias). */
function newCode(): string {
  return Array.from({ length: BINDING_CODE_LENGTH }, () => BINDING_CODE_ALPHABET[randomInt(32)]).join('');
}

export class BindingCodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A fresh code for the logger, valid until `expiresAt` (epoch ms); it replaces the logger's previous one. */
  async issue(loggerId: string, now: number, expiresAt: number): Promise<string> {
    const code = newCode();
    const row = { code_hash: hashCode(code), expires_at: expiresAt, created_at: now };
    await this.db
      .insertInto('logger_binding_code')
      .values({ client_id: loggerId, ...row })
      .onConflict((oc) => oc.column('client_id').doUpdateSet(row))
      .execute();
    return code;
  }

  /** Uses up the logger's code when `typed` is it and it has not expired at `now`: true only for the one who does. */
  async consume(loggerId: string, typed: string, now: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('logger_binding_code')
      .where('client_id', '=', loggerId)
      .where('code_hash', '=', hashCode(typed))
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Forgets the logger's pending code (its token was revoked: nobody may bind it with a code shown before). */
  async discard(loggerId: string): Promise<void> {
    await this.db.deleteFrom('logger_binding_code').where('client_id', '=', loggerId).execute();
  }
}
