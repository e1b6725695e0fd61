/** Logger clients (the "bird" program): created by `POST /api/c_report/clients`, bound to at most one account. */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `bird_` + 22 base62 characters (~131 bits): public, shown in the logger and typed into the site. */
function newLoggerId(): string {
  let id = '';
  // Rejection sampling: 248 = 4 × 62, so every character is equally likely.
  while (id.length < 22) {
    for (const byte of randomBytes(32)) if (byte < 248 && id.length < 22) id += BASE62[byte % 62];
  }
  return `bird_${id}`;
}

export function hashClientToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A secret upload token: 256 bits from the OS, answered once. */
const newClientToken = () => randomBytes(32).toString('base64url');

/**
 * The token hash of a logger nobody may upload as (a revoked logger, the demo world's loggers): the hash of a token
 * made and thrown away, so no one can present it, and unique like every token hash.
 */
export const unknownTokenHash = () => hashClientToken(newClientToken());

export class LoggerClientsRepository {
  /**
   * @param reads where every upload's token is looked up (db/database.ts `committedReads`): on SQLite the writer's
   *   connection is held while a group of catches commits, and an upload's token need not wait for that; never a
   *   replica, which may not have the logger that registered a moment ago.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reads: Kysely<Database> = db,
  ) {}

  /** Registers a logger; its secret token is answered once and only its hash is kept. */
  async create(input: {
    player_name?: string;
    version?: string;
  }): Promise<{ client_id: string; client_token: string }> {
    const clientToken = newClientToken();
    const loggerId = newLoggerId();
    await this.db
      .insertInto('logger_client')
      .values({
        client_id: loggerId,
        token_hash: hashClientToken(clientToken),
        player_name: input.player_name ?? null,
        version: input.version ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { client_id: loggerId, client_token: clientToken };
  }

  /**
   * The logger a secret upload token belongs to and whether an operator blocked it (decision 0041), or null. Looked
   * up by hash: the token itself is never stored. One statement: an upload's block check costs nothing more.
   */
  async loggerForToken(token: string): Promise<{ loggerId: string; blocked: boolean } | null> {
    const row = await this.reads
      .selectFrom('logger_client')
      .select(['client_id', 'blocked_at'])
      .where('token_hash', '=', hashClientToken(token))
      .executeTakeFirst();
    return row ? { loggerId: row.client_id, blocked: row.blocked_at !== null } : null;
  }

  /**
   * Records when loggers last uploaded (epoch ms, stored as ISO-8601 UTC like the table's other times): one statement
   * for up to 500 of them, each row given its own time by a CASE.
   */
  async markSeen(seen: ReadonlyMap<string, number>): Promise<void> {
    const entries = [...seen];
    for (let start = 0; start < entries.length; start += 500) {
      const chunk = entries.slice(start, start + 500);
      const times = chunk.map(([loggerId, at]) => sql`when ${loggerId} then ${new Date(at).toISOString()}`);
      await this.db
        .updateTable('logger_client')
        .set({ last_seen_at: sql<string>`case client_id ${sql.join(times, sql` `)} end` })
        .where(
          'client_id',
          'in',
          chunk.map(([loggerId]) => loggerId),
        )
        .execute();
    }
  }

  /**
   * A new secret token for the logger; the old one is refused from the next request on (uploads look the token up
   * in the database every time, on every instance: nothing keeps it). Null when no logger has this id.
   */
  async rotateToken(loggerId: string): Promise<string | null> {
    const clientToken = newClientToken();
    const result = await this.db
      .updateTable('logger_client')
      .set({ token_hash: hashClientToken(clientToken) })
      .where('client_id', '=', loggerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? clientToken : null;
  }

  /** Revokes the logger's token: its row (and its catches) stay, but no token opens it any more. */
  async revokeToken(loggerId: string): Promise<void> {
    await this.db
      .updateTable('logger_client')
      .set({ token_hash: unknownTokenHash() })
      .where('client_id', '=', loggerId)
      .execute();
  }

  async exists(loggerId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('logger_client')
      .select('client_id')
      .where('client_id', '=', loggerId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
