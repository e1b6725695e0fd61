/** Kysely queries on `users`: lookups ignore the e-mail's case (contract §1.6); booleans read the same on both dialects. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { UserRead } from '#shared/contracts/auth';
import type { Database, UserTable } from '../../db/schema';

export interface User {
  id: string;
  email: string;
  hashed_password: string;
  is_active: boolean;
  is_superuser: boolean;
  is_verified: boolean;
  nickname: string;
  avatar: string | null;
  bio: string;
  client_id: string | null;
  vip_expire_at: string | null;
  locale: string;
  token_version: number;
}

export type UserChanges = Partial<Omit<User, 'id' | 'token_version'>>;

function fromRow(row: Selectable<UserTable>): User {
  return {
    id: row.id,
    email: row.email,
    hashed_password: row.hashed_password,
    is_active: Boolean(row.is_active),
    is_superuser: Boolean(row.is_superuser),
    is_verified: Boolean(row.is_verified),
    nickname: row.nickname,
    avatar: row.avatar,
    bio: row.bio,
    client_id: row.client_id,
    vip_expire_at: row.vip_expire_at,
    locale: row.locale,
    token_version: Number(row.token_version),
  };
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
    is_vip: user.vip_expire_at !== null && Date.parse(user.vip_expire_at) > now,
  };
}

function toColumns(changes: UserChanges): Updateable<UserTable> {
  const columns: Updateable<UserTable> = { ...changes };
  if (changes.email !== undefined) columns.email_lower = changes.email.toLowerCase();
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
      .where('email_lower', '=', email.toLowerCase())
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async findByClientId(clientId: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** Inserts a user; a concurrent registration of the same e-mail (any case) fails on the unique index. */
  async create(user: Omit<User, 'token_version'>): Promise<User> {
    await this.db
      .insertInto('users')
      .values({
        ...user,
        email_lower: user.email.toLowerCase(),
        token_version: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { ...user, token_version: 0 };
  }

  async update(id: string, changes: UserChanges): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.db.updateTable('users').set(toColumns(changes)).where('id', '=', id).execute();
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

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
