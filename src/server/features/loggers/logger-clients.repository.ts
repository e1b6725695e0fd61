/** Logger clients (the "bird" program): created by `POST /api/c_report/clients`, bound to at most one account. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `bird_` + 22 base62 characters (~131 bits): public, shown in the logger and typed into the site. */
function newClientId(): string {
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

export class LoggerClientsRepository {
  /**
   * @param reads where every upload's token is looked up (db/database.ts `reads`): on SQLite the writer's connection
   *   is held while a group of catches commits, and an upload's token need not wait for that.
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
    const clientToken = randomBytes(32).toString('base64url');
    const clientId = newClientId();
    await this.db
      .insertInto('logger_client')
      .values({
        client_id: clientId,
        token_hash: hashClientToken(clientToken),
        player_name: input.player_name ?? null,
        version: input.version ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { client_id: clientId, client_token: clientToken };
  }

  /** The logger a secret upload token belongs to, or null. Looked up by hash: the token itself is never stored. */
  async clientIdForToken(token: string): Promise<string | null> {
    const row = await this.reads
      .selectFrom('logger_client')
      .select('client_id')
      .where('token_hash', '=', hashClientToken(token))
      .executeTakeFirst();
    return row?.client_id ?? null;
  }

  /** Records when a logger last uploaded (ISO-8601 UTC, like the table's other times). */
  async markSeen(clientId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('logger_client')
      .set({ last_seen_at: at.toISOString() })
      .where('client_id', '=', clientId)
      .execute();
  }

  async exists(clientId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('logger_client')
      .select('client_id')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
