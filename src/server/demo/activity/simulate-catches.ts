/**
 * The demo world's catches, sales and official records as upload items (the wire shapes of
 * docs/catch-data-api.md §1–§2), so the one writer judges them exactly like a logger's batch. Catches follow each
 * fish's habits (fish-habits.ts): mostly its favourite baits, depth, hours, weathers and spots; trophies are rare,
 * heavier than the fish's star thresholds, and come more often at night for night feeders and in a fish's favourite
 * weather.
 *
 * Chunk k is drawn from its own seeded stream and report ids are `demo-c-<index>`: the same chunk comes out the same
 * on every run (only the times move with "now"), so a re-run or a resumed run inserts nothing twice.
 */
import type { CatchItemInput, OfficialRecordItemInput, SaleItemInput } from '#shared/contracts/catches';
import { wireTime } from '#shared/contracts/catches';
import { ROD_TYPES, type RodType } from '#shared/game/catch-attributes';
import { createRng, type Rng, seedOf } from '../prng';
import { waterPointNear, randomWaterPoint } from '../water/water-shapes';
import { DEMO_BAITS } from '../world/baits';
import type { DemoLogger } from './demo-loggers';
import { playerName } from './demo-loggers';
import { type FishHabits, type MapHabits, mapHabits, WEATHERS } from './fish-habits';

export const DAY_MS = 86_400_000;
/** The demo activity covers the 90 days ending now. */
const ACTIVITY_DAYS = 90;
const TROPHY_CHANCE = 0.025;

export interface OwnedCatch {
  loggerId: string;
  item: CatchItemInput;
}

const BAIT_IDS = DEMO_BAITS.map((b) => b.id);
const CLIMATE_TEMPERATURE = { cold: 8, temperate: 16, warm: 24 } as const;

/** A normal draw (Box–Muller). */
function gaussian(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const wrapHour = (h: number) => ((((h - 1) % 24) + 24) % 24) + 1;
const isNight = (hour: number) => hour >= 21 || hour <= 4;

function pickFish(habits: MapHabits, rng: Rng): FishHabits {
  const u = rng.next();
  const i = habits.cumulative.findIndex((c) => u < c);
  return habits.fish[i === -1 ? habits.fish.length - 1 : i]!;
}

/** Weight and star type: below the first threshold mostly; a trophy class rarer with every step up. */
function weightAndStar(h: FishHabits, trophyChance: number, rng: Rng): { weight: number; star: number } {
  const { min_weight: min, max_weight: max } = h.fish;
  const thresholds = h.starWeights;
  if (!rng.chance(trophyChance)) {
    const top = thresholds[0]! - 1;
    return { weight: Math.round(min + (top - min) * rng.next() ** 1.8), star: 0 };
  }
  let k = 0;
  while (k < thresholds.length - 1 && rng.chance(0.4)) k++;
  const from = thresholds[k]!;
  const to = k + 1 < thresholds.length ? thresholds[k + 1]! - 1 : max;
  return { weight: rng.int(from, Math.max(from, to)), star: 446 + k };
}

function rodFor(h: FishHabits, rng: Rng): RodType {
  if (rng.chance(0.2)) return rng.pick(ROD_TYPES);
  if (h.fish.max_weight > 15_000) return 'standard';
  return h.fish.max_weight < 3000 ? 'ultralight' : 'telescopic';
}

/** A slice of the 90 days: chunk k of n covers the k-th of n equal periods, oldest first. */
export interface TimeSlice {
  from: number;
  length: number;
}

/**
 * Chunk k of n: its period of the 90 days ending now (a minute before now at the latest, so every time passes the
 * time rule). Chunks go forward in time, so each insert appends to the time indexes instead of scattering over them
 * (at 300,000 catches that halves the seeding time on SQLite), as real uploads do.
 */
export function timeSlice(chunk: number, chunks: number, now: number): TimeSlice {
  const span = ACTIVITY_DAYS * DAY_MS - 120_000;
  const length = span / chunks;
  return { from: now - 60_000 - span + chunk * length, length };
}

const timeIn = (slice: TimeSlice, rng: Rng) => Math.floor(slice.from + rng.next() * slice.length);

function simulateCatch(index: number, logger: DemoLogger, slice: TimeSlice, rng: Rng): CatchItemInput {
  const all = mapHabits();
  const mapId = rng.chance(0.8) ? rng.pick(logger.homeMaps) : rng.pick([...all.keys()]);
  const habits = all.get(mapId)!;
  const h = pickFish(habits, rng);

  const hour = rng.chance(0.65) ? wrapHour(h.peakHour + Math.round(gaussian(rng) * 1.5)) : rng.int(1, 24);
  const night = isNight(hour);
  const weather = rng.chance(0.02) ? 'unknown' : rng.chance(0.6) ? rng.pick(h.weathers) : rng.pick(WEATHERS);
  let trophyChance = TROPHY_CHANCE;
  if (night) trophyChance *= h.nocturnal ? 3 : 0.6;
  if (h.weathers.includes(weather)) trophyChance *= 1.8;
  const { weight, star } = weightAndStar(h, trophyChance, rng);

  const bait = rng.chance(0.7) ? h.baits[rng.chance(0.55) ? 0 : rng.int(0, h.baits.length - 1)]! : rng.pick(BAIT_IDS);
  let bait2: number | null = null;
  if (rng.chance(0.08)) {
    const other = rng.pick(BAIT_IDS);
    if (other !== bait) bait2 = other;
  }
  const spots = habits.spots.get(h.fish.id)!;
  const spot = rng.pick(spots);
  const place = rng.chance(0.75)
    ? waterPointNear(mapId, spot.x, spot.y, habits.spotRadius, rng)
    : randomWaterPoint(mapId, rng);
  const depthDraw = rng.chance(0.8) ? h.depth.mean + gaussian(rng) * h.depth.sd : rng.range(0.3, h.depth.mean * 2);
  const rain = weather === 'torrential_rain' || weather === 'thunderstorm' || weather === 'drizzle';
  const temperature = CLIMATE_TEMPERATURE[habits.map.climate] + (night ? -4 : 2) + (rain ? -3 : 0) + gaussian(rng) * 3;

  return {
    report_id: `demo-c-${index}`,
    caught_at: wireTime(timeIn(slice, rng)),
    map_id: mapId,
    fish_id: h.fish.id,
    bait_id: bait,
    bait2_id: bait2,
    rod_type: rodFor(h, rng),
    star_type: star as CatchItemInput['star_type'],
    weight,
    depth: round1(Math.min(200, Math.max(0.2, depthDraw))),
    direction: rng.chance(0.5) ? 'front' : 'back',
    angle: rng.int(0, 359),
    game_hour: hour,
    temperature: round1(Math.min(50, Math.max(-30, temperature))),
    weather,
    night,
    x: round1(place.x),
    y: round1(place.y),
    time_spent: Math.round(20 + 600 * rng.next() ** 2),
  };
}

/** Catches `from` … `from + count - 1` of chunk `chunk` (its own stream), owned by the demo loggers, in `slice`. */
export function demoCatchChunk(
  chunk: number,
  from: number,
  count: number,
  loggers: readonly DemoLogger[],
  slice: TimeSlice,
): OwnedCatch[] {
  const rng = createRng(seedOf(0xca7c, chunk));
  return Array.from({ length: count }, (_, i) => {
    const logger = loggers[rng.int(0, loggers.length - 1)]!;
    return { loggerId: logger.loggerId, item: simulateCatch(from + i, logger, slice, rng) };
  });
}

/** The chunk's sales: about one sale per 15 catches, income and trophies in proportion. */
export function demoSaleChunk(
  chunk: number,
  count: number,
  loggers: readonly DemoLogger[],
  slice: TimeSlice,
): { loggerId: string; item: SaleItemInput }[] {
  const rng = createRng(seedOf(0x5a1e, chunk));
  return Array.from({ length: Math.ceil(count / 15) }, (_, i) => {
    const fishCount = rng.int(1, 40);
    return {
      loggerId: loggers[rng.int(0, loggers.length - 1)]!.loggerId,
      item: {
        report_id: `demo-s-${chunk}-${i}`,
        sold_at: wireTime(timeIn(slice, rng)),
        income: fishCount * rng.int(20, 400),
        fish_count: fishCount,
        star_count: rng.chance(0.3) ? rng.int(0, Math.min(fishCount, 3)) : 0,
      },
    };
  });
}

/**
 * Official records: heavy fish (a trophy class of at least "star", 448), by players, some of them demo loggers'
 * players (so a user bound to such a logger finds "mine"), with the measured fields the official table shows.
 */
export function demoRecords(count: number, loggers: readonly DemoLogger[], now: number): OfficialRecordItemInput[] {
  const rng = createRng(seedOf(0x4ec0, 0xd5));
  const maps = [...mapHabits().values()];
  return Array.from({ length: count }, (_, i) => {
    const habits = rng.pick(maps);
    const h = pickFish(habits, rng);
    let k = 2;
    while (k < h.starWeights.length - 1 && rng.chance(0.35)) k++;
    const from = h.starWeights[k]!;
    const to = k + 1 < h.starWeights.length ? h.starWeights[k + 1]! - 1 : h.fish.max_weight;
    const hour = rng.chance(0.6) ? wrapHour(h.peakHour + rng.int(-2, 2)) : rng.int(1, 24);
    const spot = rng.pick(habits.spots.get(h.fish.id)!);
    const place = waterPointNear(habits.map.id, spot.x, spot.y, habits.spotRadius, rng);
    return {
      source_id: `demo-r-${i}`,
      caught_at: wireTime(now - 60_000 - Math.floor(rng.next() * (ACTIVITY_DAYS * DAY_MS - 120_000))),
      map_id: habits.map.id,
      fish_id: h.fish.id,
      bait_id: rng.chance(0.8) ? rng.pick(h.baits) : rng.pick(BAIT_IDS),
      rod_type: rodFor(h, rng),
      star_type: (446 + k) as OfficialRecordItemInput['star_type'],
      weight: rng.int(from, Math.max(from, to)),
      player_name: rng.chance(0.4) ? rng.pick(loggers).playerName : playerName(rng),
      depth: round1(Math.max(0.2, h.depth.mean + gaussian(rng) * h.depth.sd)),
      game_hour: hour,
      weather: rng.pick(h.weathers),
      night: isNight(hour),
      x: round1(place.x),
      y: round1(place.y),
    };
  });
}
