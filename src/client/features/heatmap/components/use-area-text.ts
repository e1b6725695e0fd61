import { useCallback } from 'react';
import { useLocale } from '../../../lib/use-locale';
import { formatArea } from '../../../lib/format-number';
import { areaDigits } from '../heat-format';
import type { CellArea } from '../heat-scale';

/** A cell's area as text: "x 120–128 · y 300–308" (game coordinates, decimals only where the cells are small). */
export function useAreaText(): (area: CellArea) => string {
  const lang = useLocale();
  return useCallback((area: CellArea) => formatArea(area, lang, areaDigits(area)), [lang]);
}
