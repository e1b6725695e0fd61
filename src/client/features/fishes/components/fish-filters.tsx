import { Grid, Select, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RARITY_CLASSES, type RarityClass } from '#shared/game/rarity';
import { RarityOption } from '../../../components/rarity-badge';
import { SearchInput } from '../../../components/search-input';
import type { FishFilters as Filters } from '../hooks/use-fish-params';

interface FishFiltersProps {
  value: Filters;
  onChange: (patch: Partial<Filters>) => void;
  /** Map choices, already named in the page's language. */
  maps: { value: number; label: string }[];
  /** The live patch when some fish are new in it: the "new in" switch is offered then (or while it is on). */
  latestPatch: string | null;
}

/** Filtering is local, so a short pause is enough to keep the URL from changing on every keystroke. */
const SEARCH_DELAY_MS = 200;

export function FishFilters({ value, onChange, maps, latestPatch }: FishFiltersProps) {
  const { t } = useTranslation('fishes');
  const rarities = RARITY_CLASSES.map((rarity) => ({ value: rarity, label: t(`rarity.${rarity}`) }));

  return (
    // On a phone the search takes a row and the two short selects share the next, to keep the list in view.
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <SearchInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          clearLabel={t('filters.clearSearch')}
          value={value.q}
          onCommit={(q) => onChange({ q })}
          delay={SEARCH_DELAY_MS}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Select<number>
          label={t('filters.map')}
          placeholder={t('filters.allMaps')}
          data={maps}
          value={value.map}
          onChange={(map) => onChange({ map })}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('filters.clearMap') }}
          nothingFoundMessage={t('filters.noMapFound')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Select
          label={t('filters.rarity')}
          placeholder={t('filters.allRarities')}
          data={rarities}
          value={value.rarity}
          onChange={(rarity) => onChange({ rarity })}
          clearable
          clearButtonProps={{ 'aria-label': t('filters.clearRarity') }}
          renderOption={({ option }) => <RarityOption rarity={option.value as RarityClass} label={option.label} />}
        />
      </Grid.Col>
      {latestPatch !== null || value.newOnly ? (
        <Grid.Col span={12}>
          <Switch
            label={latestPatch ? t('filters.newOnly', { patch: latestPatch }) : t('filters.newOnlyNone')}
            checked={value.newOnly}
            onChange={(event) => onChange({ newOnly: event.currentTarget.checked })}
          />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}
