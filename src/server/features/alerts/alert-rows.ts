/**
 * How an alert is stored and shown: its `detail` JSON (what the job found) and the wire shape of `GET /api/alerts`.
 * `map_key` 0 is "all maps" in the tables (migration 0023) and `null` on the wire.
 */
import type { Selectable } from 'kysely';
import type { Alert, AlertKind, AlertTrophy } from '#shared/contracts/alerts';
import { wireTime } from '#shared/contracts/catches';
import type { AlertTable } from '../../db/schema';

/** The trophy catch an alert tells of, as the job read it (times epoch ms). */
export interface TrophyCatch {
  map_id: number;
  star_type: number;
  weight: number;
  caught_at: number;
}

/** What the job found, stored as the alert's `detail`. */
export type AlertDetail =
  { kind: 'top_bait'; entered: number[]; top: number[] } | { kind: 'trophy'; trophy: TrophyCatch };

export const ALL_MAPS = 0;
export const mapKeyOf = (mapId: number | null | undefined): number => mapId ?? ALL_MAPS;
export const mapIdOf = (mapKey: number): number | null => (Number(mapKey) === ALL_MAPS ? null : Number(mapKey));

export function storedDetail(detail: AlertDetail): string {
  return JSON.stringify(detail.kind === 'top_bait' ? { entered: detail.entered, top: detail.top } : detail.trophy);
}

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];

/** The stored detail read back; a row another tool wrote badly reads as an alert without details, never a 500. */
export function readDetail(kind: string, text: string): AlertDetail {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    // Left empty.
  }
  if (kind === 'trophy') {
    const number = (key: string) => (typeof parsed[key] === 'number' ? (parsed[key] as number) : 0);
    return {
      kind,
      trophy: {
        map_id: number('map_id'),
        star_type: number('star_type'),
        weight: number('weight'),
        caught_at: number('caught_at'),
      },
    };
  }
  return { kind: 'top_bait', entered: ids(parsed.entered), top: ids(parsed.top) };
}

function wireTrophy(trophy: TrophyCatch): AlertTrophy {
  return { ...trophy, caught_at: wireTime(trophy.caught_at) };
}

export function toAlert(row: Selectable<AlertTable>): Alert {
  const detail = readDetail(row.kind, row.detail);
  return {
    id: Number(row.id),
    kind: detail.kind satisfies AlertKind,
    fish_id: Number(row.fish_id),
    map_id: mapIdOf(row.map_key),
    entered_bait_ids: detail.kind === 'top_bait' ? detail.entered : [],
    top_bait_ids: detail.kind === 'top_bait' ? detail.top : [],
    trophy: detail.kind === 'trophy' ? wireTrophy(detail.trophy) : null,
    created_at: wireTime(Number(row.created_at)),
    read_at: row.read_at === null ? null : wireTime(Number(row.read_at)),
  };
}
