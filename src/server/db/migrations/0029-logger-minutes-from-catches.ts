import { type Kysely, sql } from 'kysely';

// A logger's catches per UTC minute are counted from its own index when a group is stored, no longer kept as rows of
// `logger_catch_rate` (decision 0045): upserting a row per logger and minute cost the SQLite commit thread more than
// counting the catches into the heat map, and a 5 M-catch world held 4.7 M of those rows (about 200 MiB). The hours'
// rows stay: they are what two instances storing the same logger's catches wait on (catch-store/catch-trust.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('logger_catch_rate').where('span', '=', 1).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Counted again from the catches, as migration 0024 first did.
  await sql`insert into logger_catch_rate (client_id, span, bucket, count)
    select client_id, 1, floor(caught_at / 60000), count(*) from catch
    group by client_id, floor(caught_at / 60000)`.execute(db);
}
