import { Select } from '@mantine/core';
import { STAR_TYPES } from '#shared/game/catch-attributes';
import { rarityByStarType } from '#shared/game/rarity';
import { useStarTypeName } from '../lib/use-star-type-name';
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
 * A filter by star type: every star type a catch may carry (the ones the URL and the API accept), named by
 * `useStarTypeName` (0: no trophy class), each with its rarity colour; cleared for every star type.
 */
export function StarTypeSelect({ label, placeholder, clearLabel, value, onChange }: StarTypeSelectProps) {
  const starTypeName = useStarTypeName();
  const options = STAR_TYPES.map((star) => ({ value: String(star), label: starTypeName(star) ?? String(star) }));
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
