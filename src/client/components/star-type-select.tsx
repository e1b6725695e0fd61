import { Select } from '@mantine/core';
import { STAR_TYPES } from '#shared/game/catch-attributes';
import { rarityByStarType } from '#shared/game/rarity';
import { useBaseConfig } from '../lib/base-config';
import { useDisplayName } from '../lib/use-display-name';
import { RarityOption } from './rarity-badge';

interface StarTypeSelectProps {
  label: string;
  /** What no choice means ("All star types"). */
  placeholder: string;
  clearLabel: string;
  value: number | null;
  onChange: (starType: number | null) => void;
}

/**
 * A filter by star type: every star type a catch may carry (the ones the URL and the API accept), named from the
 * catalogue, each with its rarity colour; cleared for every star type.
 */
export function StarTypeSelect({ label, placeholder, clearLabel, value, onChange }: StarTypeSelectProps) {
  const { starTypeById } = useBaseConfig();
  const displayName = useDisplayName();
  const options = STAR_TYPES.map((star) => {
    const named = starTypeById(star);
    return { value: String(star), label: named ? displayName(named) : String(star) };
  });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      renderOption={({ option }) => (
        <RarityOption rarity={rarityByStarType(Number(option.value))} label={option.label} />
      )}
    />
  );
}
