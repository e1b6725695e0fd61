/** A console filter by one catalogue item (a map, a fish, a bait), named in the page's language; cleared: any. */
import { Select } from '@mantine/core';
import type { Named } from '#shared/game/names';
import { useDisplayName } from '../../../lib/use-display-name';

export function CatalogueFilterSelect({
  label,
  placeholder,
  items,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  items: readonly (Named & { id: number })[];
  value: number | null;
  onChange: (value: string | null) => void;
}) {
  const name = useDisplayName();
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={items.map((item) => ({ value: String(item.id), label: name(item) }))}
      value={value === null ? null : String(value)}
      onChange={onChange}
      clearable
      searchable
    />
  );
}
