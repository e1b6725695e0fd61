import { Checkbox, CloseButton, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const [input, setInput] = useState(value);
  // The last text this box sent (or was given). A URL change that differs from it came from elsewhere (back button,
  // "clear filters") and replaces what is typed; the echo of our own change must not, or it would eat keystrokes
  // typed while the URL was updating.
  const lastValue = useRef(value);

  const commit = useDebouncedCallback((text: string) => {
    lastValue.current = text.trim();
    onChange(text.trim());
  }, SEARCH_DELAY_MS);

  useEffect(() => {
    if (value !== lastValue.current) {
      lastValue.current = value;
      commit.cancel();
      setInput(value);
    }
  }, [value, commit]);

  const clear = () => {
    commit.cancel();
    setInput('');
    lastValue.current = '';
    onChange('');
  };

  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={input}
        maxLength={100}
        onChange={(event) => {
          setInput(event.currentTarget.value);
          commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit.flush();
        }}
        rightSection={input ? <CloseButton size="sm" aria-label={t('search.clear')} onClick={clear} /> : null}
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
