import { Grid, Select, Switch } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FishItem } from '#shared/contracts/catalogue';
import { HEATMAP_RANGES, type HeatmapRange } from '#shared/catch-data-rules';
import { StarTypeSelect } from '../../../components/star-type-select';
import { useBaseConfig } from '../../../lib/base-config';
import { pickable } from '../../../lib/catalogue-changes';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import type { HeatFilters } from '../hooks/use-heatmap-params';

interface HeatmapFiltersProps {
  /** The filters, the map resolved (the default map filled in). */
  value: HeatFilters;
  /** The fish of the chosen map. */
  fishes: readonly FishItem[];
  onChange: (patch: Partial<HeatFilters>) => void;
}

const SPAN = { base: 6, md: 3 };

/**
 * The heat map's filters (docs/product-requirements.md §2): map, fish (only those living on the chosen map, searchable,
 * or all), time range and star type. Two by two on a phone, so the map stays near the top of the screen.
 */
export function HeatmapFilters({ value, fishes, onChange }: HeatmapFiltersProps) {
  const { t } = useTranslation('heatmap');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { maps, fishById } = useBaseConfig();
  const collator = useMemo(() => new Intl.Collator(lang), [lang]);

  // The maps in the catalogue's order: the first one is the page's default. Items gone from the game are not offered.
  const mapOptions = useMemo(
    () => pickable(maps, value.map).map((map) => ({ value: String(map.id), label: displayName(map) })),
    [maps, value.map, displayName],
  );
  const fishOptions = useMemo(
    () =>
      pickable(fishes, value.fish)
        .map((fish) => ({ value: String(fish.id), label: displayName(fish) }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    [fishes, value.fish, displayName, collator],
  );
  const rangeOptions = HEATMAP_RANGES.map((range) => ({ value: range, label: t(`filters.range${range}`) }));

  const changeMap = (raw: string | null) => {
    if (raw === null) return;
    const map = Number(raw);
    // A fish that does not live on the new map would leave the picture empty for no visible reason.
    const keepFish = value.fish === null || fishById(value.fish)?.data.maps.includes(map);
    onChange(keepFish ? { map } : { map, fish: null });
  };

  return (
    <section aria-label={t('filters.label')}>
      <Grid gap="sm">
        <Grid.Col span={SPAN}>
          <Select
            label={t('filters.map')}
            data={mapOptions}
            value={value.map === null ? null : String(value.map)}
            onChange={changeMap}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t('filters.nothingFound')}
          />
        </Grid.Col>
        <Grid.Col span={SPAN}>
          <Select
            label={t('filters.fish')}
            placeholder={t('filters.allFish')}
            data={fishOptions}
            value={value.fish === null ? null : String(value.fish)}
            onChange={(v) => onChange({ fish: v === null ? null : Number(v) })}
            searchable
            clearable
            limit={200}
            clearButtonProps={{ 'aria-label': t('filters.clearFish') }}
            nothingFoundMessage={t('filters.nothingFound')}
          />
        </Grid.Col>
        <Grid.Col span={SPAN}>
          <Select
            label={t('filters.range')}
            data={rangeOptions}
            value={value.range}
            onChange={(v) => v !== null && onChange({ range: v as HeatmapRange })}
            allowDeselect={false}
          />
        </Grid.Col>
        <Grid.Col span={SPAN}>
          <StarTypeSelect
            label={t('filters.star')}
            placeholder={t('filters.allStars')}
            clearLabel={t('filters.clearStar')}
            value={value.star}
            onChange={(star) => onChange({ star })}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch
            label={t('filters.includeUnverified')}
            description={t('filters.includeUnverifiedHelp')}
            checked={value.all}
            onChange={(event) => onChange({ all: event.currentTarget.checked })}
          />
        </Grid.Col>
      </Grid>
    </section>
  );
}
