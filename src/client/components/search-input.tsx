import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

interface SearchInputProps extends Pick<TextInputProps, 'style' | 'className'> {
  label: string;
  placeholder: string;
  /** Accessible name of the button that empties the box. */
  clearLabel: string;
  /** The committed search text (from the URL). */
  value: string;
  /** Receives the trimmed text after a pause in typing, at once on Enter, and '' when cleared. */
  onCommit: (value: string) => void;
  /** The pause in typing, in ms, that commits the text: each page picks it for what a commit costs. */
  delay: number;
}

/** A search box that keeps its own text while typing and commits it (to the URL) only after a pause. */
export function SearchInput({ label, placeholder, clearLabel, value, onCommit, delay, ...layout }: SearchInputProps) {
  const [input, setInput] = useState(value);
  // The last text this box sent (or was given). A URL change that differs from it came from elsewhere (back button,
  // "clear filters") and replaces what is typed; the echo of our own change must not, or it would eat keystrokes
  // typed while the URL was updating.
  const lastValue = useRef(value);

  const commit = useDebouncedCallback((text: string) => {
    lastValue.current = text.trim();
    onCommit(text.trim());
  }, delay);

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
    onCommit('');
  };

  return (
    <TextInput
      {...layout}
      type="search"
      label={label}
      placeholder={placeholder}
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
      rightSection={input ? <CloseButton size="sm" aria-label={clearLabel} onClick={clear} /> : null}
    />
  );
}
