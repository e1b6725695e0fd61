import type { z } from 'zod';
import type { StarWeight } from '#shared/contracts/catalogue';
import { createRng, seedOf } from './prng';
import { TROPHY_STAR_TYPES } from './world/star-types';

type StarWeightItem = z.infer<typeof StarWeight>;

/**
 * Trophy thresholds as fractions of a species' weight range (min_weight → max_weight), one per star type in rarity
 * order: TV trophy, rare TV trophy, star, rare star, blue crown, super blue crown, super rare blue crown. Most catches
 * weigh well under half the range, so the first trophy classes are already uncommon and the last ones, near the
 * record weight, are very rare. Each species gets a small seeded jitter (±0.02) so thresholds do not all sit on the
 * same round fractions, then the weight is rounded to a granularity that suits the species' size.
 */
const FRACTIONS = [0.3, 0.4, 0.5, 0.6, 0.72, 0.84, 0.93] as const;
const JITTER = 0.02;

/** 1 g for small fish, 10 g for a few kilograms, 100 g for big fish, 1 kg for giants. */
function granularity(range: number): number {
  if (range < 2000) return 1;
  if (range < 20_000) return 10;
  if (range < 200_000) return 100;
  return 1000;
}

export function starWeightsFor(fish: { id: number; min_weight: number; max_weight: number }): StarWeightItem[] {
  const { min_weight: min, max_weight: max } = fish;
  const range = max - min;
  if (range < FRACTIONS.length * 2) throw new Error(`fish ${fish.id}: weight range too small for star thresholds`);
  const rng = createRng(seedOf(0x57a2, fish.id));
  const step = granularity(range);
  const result: StarWeightItem[] = [];
  let previous = min;
  TROPHY_STAR_TYPES.forEach((starType, i) => {
    const fraction = (FRACTIONS[i] as number) + rng.range(-JITTER, JITTER);
    let weight = Math.round((min + fraction * range) / step) * step;
    // Rounding must never break the order or leave the range.
    weight = Math.max(weight, previous + 1);
    weight = Math.min(weight, max - (TROPHY_STAR_TYPES.length - i));
    result.push({ star_type: starType, min_weight: weight });
    previous = weight;
  });
  return result;
}
