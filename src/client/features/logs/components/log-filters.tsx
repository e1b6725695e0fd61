import { Button, Collapse, Grid, Group, Pill, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HEATMAP_RANGES } from '#shared/catch-data-rules';
import { ROD_TYPES, type RodType } from '#shared/game/catch-attributes';
import type { Named } from '#shared/game/names';
import { StarTypeSelect } from '../../../components/star-type-select';
import { useBaseConfig } from '../../../lib/base-config';
import { pickable } from '../../../lib/catalogue-changes';
import { formatDateTimeMinutes, useDateFormat } from '../../../lib/format-date';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import type { LogKind } from '../api/log-queries';
import { activeFilterCount, type LogFilters as Filters, NO_FILTERS } from '../hooks/use-log-params';
import { formatArea } from '../../../lib/format-number';
import { useMatchMedia } from '../../../lib/browser-state';

interface LogFiltersProps {
  kind: LogKind;
  value: Filters;
  onChange: (patch: Partial<Filters>) => void;
}

/** An ISO time as the value of a `datetime-local` input ('YYYY-MM-DDTHH:mm'), in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  return iso ? formatDateTimeMinutes(iso).replace(' ', 'T') : '';
}

/** A `datetime-local` value (browser time) as an ISO UTC time; null when empty or unreadable. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const at = new Date(value).getTime();
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** Catalogue items as select options, sorted by their shown name (pinyin order in zh). */
function options(
  items: readonly (Named & { id: number })[],
  displayName: (item: Named) => string,
  collator: Intl.Collator,
) {
  return items
    .map((item) => ({ value: String(item.id), label: displayName(item) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/**
 * The filters of a log list (docs/product-requirements.md §2): map, fish (those living on the chosen map), bait, star
 * type, rod type (the category of official records), time range, and "only mine". On a phone they fold away behind one
 * button that says how many are set, so the list stays in view.
 */
export function LogFilters({ kind, value, onChange }: LogFiltersProps) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { maps, fish, baits } = useBaseConfig();
  const phone = useMatchMedia('(max-width: 48em)');
  // A time in the browser's zone: the inputs stay empty until the page has hydrated (the server knows no zone).
  const { local } = useDateFormat();
  const [open, { toggle }] = useDisclosure(false);
  const count = activeFilterCount(value);

  const collator = useMemo(() => new Intl.Collator(lang), [lang]);
  // Items gone from the game are not offered (the one already chosen stays); the table still names them.
  const mapOptions = useMemo(
    () => options(pickable(maps, value.map), displayName, collator),
    [maps, value.map, displayName, collator],
  );
  const fishOptions = useMemo(
    () =>
      options(
        pickable(fish, value.fish).filter((item) => value.map === null || item.data.maps.includes(value.map)),
        displayName,
        collator,
      ),
    [fish, value.map, value.fish, displayName, collator],
  );
  const baitOptions = useMemo(
    () => options(pickable(baits, value.bait), displayName, collator),
    [baits, value.bait, displayName, collator],
  );
  const rodOptions = ROD_TYPES.map((rod) => ({ value: rod, label: t(`rod.${rod}`) }));
  const rangeOptions = [
    ...HEATMAP_RANGES.map((range) => ({ value: range, label: t(`filters.time${range}`) })),
    { value: 'custom', label: t('filters.timeCustom') },
  ];
  const id = (v: string | null) => (v === null ? null : Number(v));

  const changeMap = (map: number | null) => {
    // A fish that does not live on the new map would leave the list empty for no visible reason.
    const keepFish =
      map === null || value.fish === null || fish.find((f) => f.id === value.fish)?.data.maps.includes(map);
    onChange(keepFish ? { map } : { map, fish: null });
  };

  // The spot a heat map cell linked here: shown as a chip that removes it, outside the phone's folded filters.
  const spotChip = value.spot && (
    <Pill.Group data-testid="log-spot">
      <Pill
        size="md"
        withRemoveButton
        onRemove={() => onChange({ spot: null })}
        // Mantine hides a pill's remove button from the keyboard and screen readers (it expects an input beside it);
        // here it is the only way to remove the spot.
        removeButtonProps={{ 'aria-label': t('filters.removeSpot'), 'aria-hidden': false, tabIndex: 0 }}
      >
        {t('filters.spot', { area: formatArea(value.spot, lang, 2) })}
      </Pill>
    </Pill.Group>
  );

  const fields = (
    <Stack gap="sm">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, xs: 6, sm: 4, lg: 2 }}>
          <Select
            label={t('filters.map')}
            placeholder={t('filters.allMaps')}
            data={mapOptions}
            value={value.map === null ? null : String(value.map)}
            onChange={(v) => changeMap(id(v))}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('filters.clearMap') }}
            nothingFoundMessage={t('filters.nothingFound')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4, lg: 2 }}>
          <Select
            label={t('filters.fish')}
            placeholder={t('filters.allFish')}
            data={fishOptions}
            value={value.fish === null ? null : String(value.fish)}
            onChange={(v) => onChange({ fish: id(v) })}
            searchable
            clearable
            limit={200}
            clearButtonProps={{ 'aria-label': t('filters.clearFish') }}
            nothingFoundMessage={t('filters.nothingFound')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4, lg: 2 }}>
          <Select
            label={t('filters.bait')}
            placeholder={t('filters.allBaits')}
            data={baitOptions}
            value={value.bait === null ? null : String(value.bait)}
            onChange={(v) => onChange({ bait: id(v) })}
            searchable
            clearable
            limit={300}
            clearButtonProps={{ 'aria-label': t('filters.clearBait') }}
            nothingFoundMessage={t('filters.nothingFound')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4, lg: 2 }}>
          <StarTypeSelect
            label={t('filters.starType')}
            placeholder={t('filters.allStarTypes')}
            clearLabel={t('filters.clearStarType')}
            value={value.star}
            onChange={(star) => onChange({ star })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4, lg: 2 }}>
          <Select
            label={kind === 'official' ? t('filters.category') : t('filters.rodType')}
            placeholder={t('filters.allRodTypes')}
            data={rodOptions}
            value={value.rod}
            onChange={(v) => onChange({ rod: v as RodType | null })}
            clearable
            clearButtonProps={{ 'aria-label': t('filters.clearRodType') }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4, lg: 2 }}>
          <Select
            label={t('filters.time')}
            placeholder={t('filters.timeAny')}
            data={rangeOptions}
            value={value.range}
            onChange={(v) => onChange({ range: v as Filters['range'] })}
            clearable
          />
        </Grid.Col>
      </Grid>
      {value.range === 'custom' && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
            <TextInput
              type="datetime-local"
              label={t('filters.from')}
              value={local ? toLocalInput(value.from) : ''}
              onChange={(event) => onChange({ range: 'custom', from: fromLocalInput(event.currentTarget.value) })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
            <TextInput
              type="datetime-local"
              label={t('filters.to')}
              value={local ? toLocalInput(value.to) : ''}
              onChange={(event) => onChange({ range: 'custom', to: fromLocalInput(event.currentTarget.value) })}
            />
          </Grid.Col>
        </Grid>
      )}
      <Group justify="space-between" gap="sm">
        <Switch
          label={t('filters.mine')}
          checked={value.mine}
          onChange={(event) => onChange({ mine: event.currentTarget.checked })}
        />
        {count > 0 && (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onChange(NO_FILTERS)}
          >
            {t('filters.clearAll')}
          </Button>
        )}
      </Group>
    </Stack>
  );

  if (!phone) {
    return (
      <section aria-label={t('filters.label')}>
        <Stack gap="sm">
          {spotChip}
          {fields}
        </Stack>
      </section>
    );
  }
  return (
    <section aria-label={t('filters.label')}>
      {spotChip && <Stack mb="sm">{spotChip}</Stack>}
      <Button
        variant="default"
        fullWidth
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        onClick={toggle}
        aria-expanded={open}
        aria-controls="log-filters"
      >
        {count > 0 ? t('filters.showCount', { count }) : t('filters.show')}
      </Button>
      <Collapse expanded={open} id="log-filters">
        <Stack pt="sm">{fields}</Stack>
      </Collapse>
    </section>
  );
}
