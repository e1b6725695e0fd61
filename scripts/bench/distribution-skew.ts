/**
 * How evenly the catches would spread over a distributed PostgreSQL (Citus) for each candidate distribution column
 * (docs/scaling.md): the demo world's catches counted per logger (`client_id`), per map and per fish, each key
 * placed on the shard Citus would place it on, and the busiest shard's share against an even one.
 *
 * Citus hashes the distribution column with the column type's PostgreSQL hash function (`hashtext` for text,
 * `hashint4` for integer) and gives each of `citus.shard_count` shards (default 32) an equal slice of the int32 hash
 * range. This script does the same arithmetic in PostgreSQL over the per-key counts, so no Citus is needed to
 * measure the skew — only the counts, which it reads from the SQLite demo world (`ensureBenchWorld`, seeded on
 * first use) and copies into a temporary table.
 *
 *   npx tsx scripts/bench/distribution-skew.ts [--catches 1000000] [--shards 32]
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ensureBenchWorld } from './lib/bench-world';
import { numberOption, reachable } from './lib/bench-helpers';

const CATCHES = numberOption('catches', 1_000_000);
const SHARDS = numberOption('shards', 32);
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const CANDIDATES = [
  { column: 'client_id', hash: 'hashtext(key)' },
  { column: 'map_id', hash: 'hashint4(key::int)' },
  { column: 'fish_id', hash: 'hashint4(key::int)' },
] as const;

if (!(await reachable(pgUrl))) {
  console.error(`distribution skew: no PostgreSQL at ${pgUrl} (it computes Citus's shard placement)`);
  process.exit(1);
}

const world = await ensureBenchWorld(CATCHES, 'sqlite');
const file = `${world.env.DATA_DIR}/anglerdex.db`;
const sqlite = new SQLite(file, { readonly: true });
const client = new pg.Client({ connectionString: pgUrl });
await client.connect();

try {
  const total = (sqlite.prepare('select count(*) as n from catch').get() as { n: number }).n;
  const span = sqlite.prepare('select min(caught_at) as first, max(caught_at) as last from catch').get() as {
    first: number;
    last: number;
  };
  const days = sqlite
    .prepare('select caught_at / 86400000 as day, count(*) as n from catch group by day order by n desc')
    .all() as { day: number; n: number }[];
  console.log(
    `demo world of ${total.toLocaleString('en')} catches over ${((span.last - span.first) / 86_400_000).toFixed(0)} days ` +
      `(busiest UTC day ${days[0]!.n.toLocaleString('en')}, median ${days[Math.floor(days.length / 2)]!.n.toLocaleString('en')}); ` +
      `${SHARDS} shards`,
  );
  console.log('column     keys  busiest key  top 5 keys  busiest shard / even  emptiest shard / even  empty shards');

  for (const candidate of CANDIDATES) {
    const counts = sqlite
      .prepare(`select cast(${candidate.column} as text) as key, count(*) as n from catch group by ${candidate.column}`)
      .all() as { key: string; n: number }[];
    counts.sort((a, b) => b.n - a.n);
    const top5 = counts.slice(0, 5).reduce((sum, row) => sum + row.n, 0);

    await client.query('begin');
    try {
      await client.query('create temporary table key_count (key text, n bigint) on commit drop');
      await client.query('insert into key_count select * from unnest($1::text[], $2::bigint[])', [
        counts.map((row) => row.key),
        counts.map((row) => row.n),
      ]);
      // Citus's shard of a hash value: the int32 range cut into SHARDS equal slices, from -2^31 up.
      const { rows } = await client.query<{ shard: number; n: string }>(
        `select floor((${candidate.hash}::bigint + 2147483648) * $1::bigint / 4294967296)::int as shard,
                sum(n) as n
           from key_count group by 1`,
        [SHARDS],
      );
      await client.query('commit');
      const perShard = new Array<number>(SHARDS).fill(0);
      for (const row of rows) perShard[row.shard] = Number(row.n);
      const even = total / SHARDS;
      const share = (n: number) => `${((n / total) * 100).toFixed(1)} %`;
      console.log(
        [
          candidate.column.padEnd(9),
          String(counts.length).padStart(5),
          share(counts[0]!.n).padStart(11),
          share(top5).padStart(11),
          `${(Math.max(...perShard) / even).toFixed(2)}×`.padStart(21),
          `${(Math.min(...perShard) / even).toFixed(2)}×`.padStart(22),
          String(perShard.filter((n) => n === 0).length).padStart(13),
        ].join('  '),
      );
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  }
} finally {
  sqlite.close();
  await client.end();
}
