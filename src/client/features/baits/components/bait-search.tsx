import { Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../components/search-input';

interface BaitSearchProps {
  /** The committed search text (from the URL). */
  value: string;
  onChange: (value: string) => void;
  contains: boolean;
  onContainsChange: (contains: boolean) => void;
}

/** Waits for a pause in typing so that every keystroke does not become a request and a history entry. */
const SEARCH_DELAY_MS = 300;

export function BaitSearch({ value, onChange, contains, onContainsChange }: BaitSearchProps) {
  const { t } = useTranslation('baits');
  return (
    // Takes the row's room left beside the type filter.
    <Group gap="md" align="flex-end" wrap="wrap" style={{ flex: '1 1 20rem' }}>
      <SearchInput
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        clearLabel={t('search.clear')}
        value={value}
        onCommit={onChange}
        delay={SEARCH_DELAY_MS}
        style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
      />
      <Checkbox
        label={t('search.contains')}
        checked={contains}
        onChange={(event) => onContainsChange(event.currentTarget.checked)}
        // Centred on the 36 px input beside it (the label sits above the input, not the checkbox).
        mb={8}
      />
    </Group>
  );
}
