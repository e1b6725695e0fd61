/**
 * Rows for the log and stats tests, written straight into the tables (the tests read them back through the API):
 * every field set on purpose, times exact to the millisecond, so a test states exactly what it stored.
 */
import type { Insertable, Kysely } from 'kysely';
import type { CatchTable, Database, OfficialRecordTable, SaleTable } from '../db/schema';

let sequence = 0;
const next = () => ++sequence;

/** A registered logger; its id is `bird_` + 22 characters like a real one. */
export async function addLogger(db: Kysely<Database>, playerName: string | null = null): Promise<string> {
  const loggerId = `bird_t${String(next()).padStart(8, '0')}${Math.random().toString(36).slice(2, 15).padEnd(13, '0')}`;
  await db
    .insertInto('logger_client')
    .values({
      client_id: loggerId,
      token_hash: loggerId,
      player_name: playerName,
      version: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return loggerId;
}

export type NewCatch = Omit<Insertable<CatchTable>, 'id'>;

export function catchRow(loggerId: string, fields: Partial<NewCatch> = {}): NewCatch {
  return {
    client_id: loggerId,
    report_id: `t${next()}`,
    caught_at: Date.UTC(2026, 10, 20, 8, 15),
    map_id: 1,
    fish_id: 10,
    bait_id: 100,
    bait2_id: null,
    rod_type: 'standard',
    star_type: 0,
    weight: 1500,
    depth: 3.5,
    direction: 'front',
    angle: 45,
    game_hour: 24,
    temperature: 18.5,
    weather: 'sunny',
    night: false,
    x: 120.5,
    y: 80.25,
    time_spent: 95,
    created_at: Date.UTC(2026, 10, 20, 8, 16),
    ...fields,
  };
}

/** Inserts the rows in order, in chunks (both dialects' parameter limits); answers their ids. */
export async function insertCatches(db: Kysely<Database>, rows: NewCatch[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('catch')
      .values(rows.slice(i, i + 500))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export type NewRecord = Omit<OfficialRecordTable, 'id'>;

export function recordRow(fields: Partial<NewRecord> = {}): NewRecord {
  return {
    source_id: `s${next()}`,
    caught_at: Date.UTC(2026, 10, 20, 8, 15),
    map_id: 1,
    fish_id: 10,
    bait_id: 100,
    bait2_id: null,
    rod_type: 'standard',
    star_type: 450,
    weight: 25_000,
    depth: null,
    direction: null,
    angle: null,
    game_hour: null,
    temperature: null,
    weather: null,
    night: null,
    x: null,
    y: null,
    time_spent: null,
    player_name: 'Old Salt',
    created_at: Date.UTC(2026, 10, 21),
    ...fields,
  };
}

export async function insertRecords(db: Kysely<Database>, rows: NewRecord[]): Promise<number[]> {
  const inserted = await db.insertInto('official_record').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}

export type NewSale = Omit<SaleTable, 'id'>;

export function saleRow(loggerId: string, fields: Partial<NewSale> = {}): NewSale {
  return {
    client_id: loggerId,
    report_id: `t${next()}`,
    sold_at: Date.UTC(2026, 10, 20, 9),
    income: 1000,
    fish_count: 3,
    star_count: 0,
    created_at: Date.UTC(2026, 10, 20, 9),
    ...fields,
  };
}

export async function insertSales(db: Kysely<Database>, rows: NewSale[]): Promise<number[]> {
  const inserted = await db.insertInto('sale').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}
