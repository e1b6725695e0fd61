import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FishWayItem } from '#shared/contracts/catalogue';
import { useDisplayName } from '../../../lib/use-display-name';

interface BaitTypeFilterProps {
  /** The bait types of the catalogue, in catalogue order. */
  types: readonly FishWayItem[];
  /** The chosen type's id, null for every type. */
  value: number | null;
  onChange: (type: number | null) => void;
}

/** The bait list's filter by bait type (issue 26): the catalogue's types by name, cleared for every type. */
export function BaitTypeFilter({ types, value, onChange }: BaitTypeFilterProps) {
  const { t } = useTranslation('baits');
  const displayName = useDisplayName();
  return (
    <Select
      label={t('types.label')}
      placeholder={t('types.all')}
      data={types.map((type) => ({ value: String(type.id), label: displayName(type) }))}
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange(chosen === null ? null : Number(chosen))}
      clearable
      clearButtonProps={{ 'aria-label': t('types.clear') }}
      // Wide enough for the longest type name of the three languages, never wider than a phone's row.
      w={{ base: '100%', xs: '14rem' }}
    />
  );
}
