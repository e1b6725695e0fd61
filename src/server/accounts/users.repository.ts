/**
 * The users table, which authentication, the profile and logger binding all work on: account core, not one feature's
 * (so no feature reaches into another's repository for it). Lookups ignore the e-mail's case (docs/account-api.md §1.6)
 * and the form of its domain (stored and compared in ASCII, `asciiEmail`); booleans read the same on both dialects.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { UserRead } from '#shared/contracts/auth';
import { isLocale, type Locale } from '#shared/locales';
import { forUpdate } from '../db/row-locks';
import type { Database, UserTable } from '../db/schema';
import { asciiEmail } from './email-domain';

type UserRow = Selectable<UserTable>;
/** Stored as 0/1 on SQLite, true/false on PostgreSQL. */
type FlagColumn = 'is_active' | 'is_superuser' | 'is_verified';

/** A user as the code sees it: the row without its lookup column (`email_lower`), flags as booleans. */
export type User = Omit<UserRow, FlagColumn | 'email_lower'> & Record<FlagColumn, boolean>;

export type UserChanges = Partial<Omit<User, 'id' | 'token_version' | 'created_at'>>;

function fromRow({ email_lower: _lookup, ...row }: UserRow): User {
  return {
    ...row,
    is_active: Boolean(row.is_active),
    is_superuser: Boolean(row.is_superuser),
    is_verified: Boolean(row.is_verified),
    token_version: Number(row.token_version),
  };
}

/** Whether the user is a VIP member at `now`: the expiry the VIP feature keeps on the user row lies ahead. */
export function isVip(user: Pick<User, 'vip_expire_at'>, now = Date.now()): boolean {
  return user.vip_expire_at !== null && Date.parse(user.vip_expire_at) > now;
}

/** The public view of a user, in the contract's key order. */
export function toUserRead(user: User, now = Date.now()): UserRead {
  return {
    id: user.id,
    email: user.email,
    is_active: user.is_active,
    is_superuser: user.is_superuser,
    is_verified: user.is_verified,
    nickname: user.nickname,
    avatar: user.avatar,
    bio: user.bio,
    client_id: user.client_id,
    vip_expire_at: user.vip_expire_at,
    is_vip: isVip(user, now),
  };
}

/** The lookup column: the address as stored (domain in ASCII), lower-cased. */
const lookupKey = (email: string) => asciiEmail(email).toLowerCase();

/** The language the user registered in: their e-mails' language when no other is known. */
export function userLocale(user: User): Locale {
  return isLocale(user.locale) ? user.locale : 'zh';
}

function toColumns(changes: UserChanges): Updateable<UserTable> {
  const columns: Updateable<UserTable> = { ...changes };
  if (changes.email !== undefined) {
    columns.email = asciiEmail(changes.email);
    columns.email_lower = lookupKey(changes.email);
  }
  return columns;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('email_lower', '=', lookupKey(email))
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async findByLoggerId(loggerId: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('client_id', '=', loggerId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** Inserts a user; a concurrent registration of the same e-mail (any case) fails on the unique index. */
  async create(user: Omit<User, 'token_version' | 'created_at'>): Promise<User> {
    const created = { ...user, email: asciiEmail(user.email), token_version: 0, created_at: new Date().toISOString() };
    await this.db
      .insertInto('users')
      .values({ ...created, email_lower: lookupKey(user.email) })
      .execute();
    return created;
  }

  /** Applies `changes`; with `revokeTokens` also bumps the token version (deactivation: every token dies). */
  async update(id: string, changes: UserChanges, { revokeTokens = false } = {}): Promise<void> {
    if (Object.keys(changes).length === 0 && !revokeTokens) return;
    await this.db
      .updateTable('users')
      .set((eb) => ({
        ...toColumns(changes),
        ...(revokeTokens ? { token_version: eb('token_version', '+', 1) } : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * Sets the avatar only if the stored one is still `expected` (what the caller read before writing its file): false
   * when another upload got there first, whose picture then stays.
   */
  async replaceAvatar(id: string, expected: string | null, avatar: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ avatar })
      .where('id', '=', id)
      .where((eb) => (expected === null ? eb('avatar', 'is', null) : eb('avatar', '=', expected)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Every avatar URL a user row holds: the start-up sweep keeps these pictures. */
  async avatarUrls(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('users').select('avatar').where('avatar', 'is not', null).execute();
    return new Set(rows.map((row) => row.avatar!));
  }

  /**
   * Sets a new password, bumping the token version (every older access token is refused from now on). With an
   * `expectedHash`, only if the stored hash is still that one: false when another change got there first, so of two
   * resets with one token exactly one succeeds. `null` writes regardless (a profile change: the last one wins).
   */
  async changePassword(
    id: string,
    expectedHash: string | null,
    newHash: string,
    alsoChange: UserChanges = {},
  ): Promise<boolean> {
    let query = this.db
      .updateTable('users')
      .set((eb) => ({ ...toColumns(alsoChange), hashed_password: newHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id);
    if (expectedHash !== null) query = query.where('hashed_password', '=', expectedHash);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Revokes every access token of the user (they carry the version they were issued under). */
  async bumpTokenVersion(id: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Stores an upgraded hash of the same password (bcrypt → argon2id): tokens stay valid. */
  async upgradeHash(id: string, expectedHash: string, newHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ hashed_password: newHash })
      .where('id', '=', id)
      .where('hashed_password', '=', expectedHash)
      .execute();
  }

  /** Marks the user verified; false when they already were (the same token used twice). */
  async markVerified(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ is_verified: true })
      .where('id', '=', id)
      .where('is_verified', '=', false)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * The VIP expiry, read to be changed in the caller's transaction (construct the repository on it). PostgreSQL locks
   * the row (`for update`) so two payments of one user cannot both add to the same old expiry; SQLite's transactions
   * are already one at a time. Undefined when the user is gone.
   */
  async vipExpiryForUpdate(id: string): Promise<{ vip_expire_at: string | null } | undefined> {
    const query = this.db.selectFrom('users').select('vip_expire_at').where('id', '=', id);
    return forUpdate(this.db, query).executeTakeFirst();
  }

  /** Sets the VIP expiry (ISO-8601 UTC); call it in the transaction of `vipExpiryForUpdate`. */
  async setVipExpiry(id: string, vipExpireAt: string | null): Promise<void> {
    await this.db.updateTable('users').set({ vip_expire_at: vipExpireAt }).where('id', '=', id).execute();
  }

  /**
   * Deletes the account with what is only about the person, in one transaction: their AI questions and their
   * subscriptions (stopped at the provider before). The bound logger is freed with the row; its catches stay in the
   * public data, no longer linked to anyone. Orders stay for the operator's accounts, under an id that no longer names
   * anyone (docs/account-api.md §5).
   */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ai_question').where('user_id', '=', id).execute();
      await trx.deleteFrom('vip_subscription').where('user_id', '=', id).execute();
      const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    });
  }
}
