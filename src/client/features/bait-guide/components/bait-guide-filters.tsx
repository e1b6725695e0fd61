import { Grid, Select, Switch, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseConfig } from '../../../lib/base-config';
import { isDeprecated, pickable } from '../../../lib/catalogue-changes';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';

interface BaitGuideFiltersProps {
  fish: number | null;
  map: number | null;
  onFishChange: (fish: number | null) => void;
  onMapChange: (map: number | null) => void;
  /** Unverified catches counted too (`trust=all`, decision 0039). */
  all: boolean;
  onAllChange: (all: boolean) => void;
}

/**
 * Case- and width-insensitive form of a name: NFKC folds full-width Latin and half-width kana, which Japanese
 * keyboards produce, into the forms the catalogue stores.
 */
function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}

/** The fish to look at (searchable by its name in any language, or its latin name) and one of the maps it lives on. */
export function BaitGuideFilters({ fish, map, onFishChange, onMapChange, all, onAllChange }: BaitGuideFiltersProps) {
  const { t } = useTranslation('bait-guide');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { fish: fishes, fishById, mapById, status } = useBaseConfig();
  const collator = useMemo(() => new Intl.Collator(lang), [lang]);

  // Sorted by the shown name (pinyin order in zh); every name of a fish is searchable, whatever the page's language.
  const { fishOptions, haystacks } = useMemo(() => {
    const haystacks = new Map<number, string[]>();
    const fishOptions: ComboboxItem<number>[] = pickable(fishes, fish)
      .map((item) => {
        haystacks.set(
          item.id,
          [item.name, item.name_en, item.name_ja, item.data.latin].filter((name): name is string => !!name).map(fold),
        );
        return { value: item.id, label: displayName(item) };
      })
      .sort((a, b) => collator.compare(a.label, b.label) || a.value - b.value);
    return { fishOptions, haystacks };
  }, [fishes, fish, displayName, collator]);

  const filter: OptionsFilter<number> = ({ options, search }) => {
    const needle = fold(search);
    if (!needle) return options;
    return options.filter(
      (option) => 'value' in option && (haystacks.get(option.value) ?? []).some((name) => name.includes(needle)),
    );
  };

  const selected = fishById(fish);
  const mapOptions = useMemo(
    () =>
      (selected?.data.maps ?? [])
        .map((id) => mapById(id))
        .filter((item) => item !== undefined)
        .filter((item) => !isDeprecated(item) || item.id === map)
        .map((item) => ({ value: item.id, label: displayName(item) }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    [selected, map, mapById, displayName, collator],
  );

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select<number>
          label={t('filters.fish')}
          placeholder={t('filters.fishPlaceholder')}
          data={fishOptions}
          value={fish}
          onChange={onFishChange}
          filter={filter}
          searchable
          clearable
          allowDeselect={false}
          limit={500}
          disabled={fishes.length === 0 && status !== 'error'}
          clearButtonProps={{ 'aria-label': t('filters.clearFish') }}
          nothingFoundMessage={t('filters.noFishFound')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select<number>
          label={t('filters.map')}
          placeholder={fish === null ? t('filters.pickFishFirst') : t('filters.allMaps')}
          data={mapOptions}
          value={map}
          onChange={onMapChange}
          searchable={mapOptions.length > 8}
          clearable
          disabled={fish === null}
          clearButtonProps={{ 'aria-label': t('filters.clearMap') }}
          nothingFoundMessage={t('filters.noMapFound')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Switch
          label={t('filters.includeUnverified')}
          description={t('filters.includeUnverifiedHelp')}
          checked={all}
          onChange={(event) => onAllChange(event.currentTarget.checked)}
        />
      </Grid.Col>
    </Grid>
  );
}
