/**
 * The enumerated attributes of a catch as the loggers report them (docs/catch-data-api.md §1). The words are
 * wire names: loggers send them, the database stores them and the client translates them, so they never change.
 */

/** Rod types, in the order the game lists them. */
export const ROD_TYPES = ['standard', 'telescopic', 'ultralight'] as const;
export type RodType = (typeof ROD_TYPES)[number];

/** Where on the boat the line was cast. */
export const BOAT_DIRECTIONS = ['front', 'back'] as const;
export type BoatDirection = (typeof BOAT_DIRECTIONS)[number];

/**
 * Weather kinds. Each has a night variant, reported as `night: true` beside the kind rather than as a tenth word
 * (`sunny` at night reads "moonlit"), so a filter by weather finds day and night alike.
 */
export const WEATHER_KINDS = [
  'torrential_rain',
  'sunny',
  'overcast',
  'cloudy',
  'clear',
  'drizzle',
  'partly_cloudy',
  'thunderstorm',
  'unknown',
] as const;
export type WeatherKind = (typeof WEATHER_KINDS)[number];

/** Star type of a catch without a trophy class (or one the logger could not read). */
export const STAR_TYPE_UNKNOWN = 0;
/**
 * Trophy star types (docs/design.md §3): 446 TV trophy, 447 rare TV trophy, 448 star, 449 rare star, 450 blue crown,
 * 451 super blue crown, 452 super rare blue crown. A "star" in the personal stats is a catch of any of these.
 */
export const TROPHY_STAR_TYPES = [446, 447, 448, 449, 450, 451, 452] as const;
/** Every star type a catch may carry. */
export const STAR_TYPES = [STAR_TYPE_UNKNOWN, ...TROPHY_STAR_TYPES] as const;
export type StarType = (typeof STAR_TYPES)[number];

export function isTrophyStarType(starType: number): boolean {
  return (TROPHY_STAR_TYPES as readonly number[]).includes(starType);
}
