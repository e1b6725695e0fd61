/**
 * Judged items → table rows. The wire's canonical UTC times become epoch milliseconds here, the one conversion on
 * the way in (decision 0009); every column is listed, so nothing the schema let through lands by accident.
 */
import type { Insertable } from 'kysely';
import type { CatchItem, OfficialRecordItem, SaleItem } from '#shared/contracts/catches';
import { TRUST_CODE } from '#shared/catch-trust';
import type { CatchTable, OfficialRecordTable, SaleTable } from '../db/schema';

export type NewCatchRow = Insertable<CatchTable>;

/** The (owner, key) pair as one string: `\n` cannot occur in a client id nor in a key (REPORT_ID_PATTERN). */
export const ownedKey = (owner: string, key: string) => `${owner}\n${key}`;
export type NewSaleRow = Insertable<SaleTable>;
export type NewRecordRow = Insertable<OfficialRecordTable>;

export function catchRow(item: CatchItem, loggerId: string, now: number): NewCatchRow {
  return {
    client_id: loggerId,
    report_id: item.report_id,
    caught_at: Date.parse(item.caught_at),
    map_id: item.map_id,
    fish_id: item.fish_id,
    bait_id: item.bait_id,
    bait2_id: item.bait2_id ?? null,
    rod_type: item.rod_type,
    star_type: item.star_type,
    weight: item.weight,
    depth: item.depth,
    direction: item.direction,
    angle: item.angle,
    // The schema has already turned the logger's 0 into 24.
    game_hour: item.game_hour,
    temperature: item.temperature,
    weather: item.weather,
    night: item.night,
    x: item.x,
    y: item.y,
    time_spent: item.time_spent,
    created_at: now,
    // Until the group's transaction judges it from the logger (catch-trust.ts); a bulk load stores it as it is: the
    // demo world's and the benchmarks' loggers are established.
    trust: TRUST_CODE.established,
  };
}

export function saleRow(item: SaleItem, loggerId: string, now: number): NewSaleRow {
  return {
    client_id: loggerId,
    report_id: item.report_id,
    sold_at: Date.parse(item.sold_at),
    income: item.income,
    fish_count: item.fish_count,
    star_count: item.star_count,
    created_at: now,
  };
}

export function recordRow(item: OfficialRecordItem, now: number): NewRecordRow {
  return {
    source_id: item.source_id,
    caught_at: Date.parse(item.caught_at),
    map_id: item.map_id,
    fish_id: item.fish_id,
    bait_id: item.bait_id,
    bait2_id: item.bait2_id ?? null,
    rod_type: item.rod_type,
    star_type: item.star_type,
    weight: item.weight,
    player_name: item.player_name,
    depth: item.depth ?? null,
    direction: item.direction ?? null,
    angle: item.angle ?? null,
    game_hour: item.game_hour ?? null,
    temperature: item.temperature ?? null,
    weather: item.weather ?? null,
    night: item.night ?? null,
    x: item.x ?? null,
    y: item.y ?? null,
    time_spent: item.time_spent ?? null,
    created_at: now,
  };
}
