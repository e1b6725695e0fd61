import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { formatCoordinate } from '../../../lib/format-number';
import { areaDigits } from '../heat-format';
import type { CellArea } from '../heat-scale';

/** A cell's area as text: "x 120–128 · y 300–308" (game coordinates, decimals only where the cells are small). */
export function useAreaText(): (area: CellArea) => string {
  const { t } = useTranslation('heatmap');
  const lang = useLocale();
  return useCallback(
    (area: CellArea) => {
      const digits = areaDigits(area);
      const f = (value: number) => formatCoordinate(value, lang, digits);
      return t('cell.area', { x1: f(area.x_min), x2: f(area.x_max), y1: f(area.y_min), y2: f(area.y_max) });
    },
    [t, lang],
  );
}
