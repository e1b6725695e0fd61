/** What the benchmarks share: `--name value` options and whether a PostgreSQL server answers. */
import pg from 'pg';

const args = process.argv.slice(2);

/** The value after `--name`, or the fallback. */
export function option(name: string, fallback: string): string {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
}

export const numberOption = (name: string, fallback: number) => Number(option(name, String(fallback)));

export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
