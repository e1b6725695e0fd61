/**
 * Weights are stored in grams. Below a kilogram players think in grams; above it in kilograms, and a trophy
 * threshold must stay exact, so kilograms keep up to three decimals (every gram) with trailing zeros dropped.
 */
export function formatWeight(grams: number, locale: string): string {
  if (Math.abs(grams) < 1000) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(grams)} g`;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(grams / 1000)} kg`;
}

/** "850 g – 12.5 kg": a range keeps each end in its own unit rather than forcing both into one. */
export function formatWeightRange(minGrams: number, maxGrams: number, locale: string): string {
  return `${formatWeight(minGrams, locale)} – ${formatWeight(maxGrams, locale)}`;
}
