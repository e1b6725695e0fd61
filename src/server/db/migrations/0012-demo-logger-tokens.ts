import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

// Demo loggers were seeded with the token hash SHA-256("demo-logger:" + client_id) until decision 0017: anyone could
// upload as one with `Bearer demo-logger:<client_id>`, their ids being public. Each such hash is replaced by the hash
// of random bytes thrown away, as the seeding now does. Only rows holding exactly that hash change, so a real logger
// that happens to call its version "demo" keeps its token. Written out here rather than imported: a migration must
// do the same thing forever.
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { client_id: string; token_hash: string }[] = await db
    .selectFrom('logger_client')
    .select(['client_id', 'token_hash'])
    .where('version', '=', 'demo')
    .execute();
  for (const row of rows) {
    if (row.token_hash !== sha256(`demo-logger:${row.client_id}`)) continue;
    await db
      .updateTable('logger_client')
      .set({ token_hash: sha256(randomBytes(32)) })
      .where('client_id', '=', row.client_id)
      .execute();
  }
}

// Nothing to undo: the derivable hashes are not brought back.
export async function down(): Promise<void> {}
