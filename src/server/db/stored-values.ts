/**
 * Values read back from the catch tables, made safe to answer with. The writer keeps every number within its bounds
 * (`CATCH_BOUNDS`, `SALE_BOUNDS`), but rows written by another tool or an older version may hold whatever a column
 * can: SQLite integers up to 2^63 (beyond JavaScript's exact integers) and fractions in integer columns, ±Infinity and
 * NaN in PostgreSQL doubles. A read shows such a value at the nearest bound (NaN as the bound nearest 0) rather than
 * failing the answer or sending a number the contract does not allow. Times: `wireTime` never throws.
 */
import type { NumberBounds } from '#shared/catch-data-rules';
import { STAR_TYPE_UNKNOWN, STAR_TYPES, type StarType } from '#shared/game/catch-attributes';

/** Row and catalogue ids: positive integers JavaScript holds exactly. */
export const ID_BOUNDS: NumberBounds = { min: 1, max: Number.MAX_SAFE_INTEGER, integer: true };
/** Counts and sums: a total beyond 2^53 − 1 (unreachable within the bounds) is shown as that. */
export const TOTAL_BOUNDS: NumberBounds = { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true };

export function storedNumber(value: unknown, { min, max, integer }: NumberBounds): number {
  let number = Number(value);
  if (Number.isNaN(number)) number = 0;
  if (integer) number = Math.round(number);
  return Math.min(max, Math.max(min, number));
}

/** The same for a column that may be null (official records): null stays null. */
export function storedNullable(value: unknown, bounds: NumberBounds): number | null {
  return value === null || value === undefined ? null : storedNumber(value, bounds);
}

/** A star type the contract knows; any other stored value is shown as unknown (0). */
export function storedStarType(value: unknown): StarType {
  const number = Number(value);
  return (STAR_TYPES as readonly number[]).includes(number) ? (number as StarType) : STAR_TYPE_UNKNOWN;
}
