import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INDEX_LETTERS } from '../hooks/use-bait-list-params';

interface LetterIndexProps {
  /** The chosen letter, null for all. */
  value: string | null;
  /** Letters that have at least one bait; null while unknown (then every letter is offered). */
  available: ReadonlySet<string> | null;
  onChange: (letter: string | null) => void;
}

export function LetterIndex({ value, available, onChange }: LetterIndexProps) {
  const { t } = useTranslation('baits');
  // '#' only makes sense when some names do not start with A–Z.
  const letters = INDEX_LETTERS.filter((letter) => letter !== '#' || !available || available.has('#') || value === '#');

  return (
    <Group gap={4} role="group" aria-label={t('letters.label')}>
      <Button
        size="compact-md"
        px="sm"
        variant={value === null ? 'filled' : 'default'}
        aria-pressed={value === null}
        onClick={() => onChange(null)}
      >
        {t('letters.all')}
      </Button>
      {letters.map((letter) => {
        const active = value === letter;
        const empty = available !== null && !available.has(letter);
        return (
          <Button
            key={letter}
            size="compact-md"
            // Ten buttons to a row at 390 px: the index takes three rows on a phone instead of four.
            w={{ base: '1.875rem', xs: '2.125rem' }}
            px={0}
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            aria-label={letter === '#' ? t('letters.other') : t('letters.letter', { letter })}
            // A letter without baits is shown but not offered, so the index keeps its alphabet shape.
            disabled={empty && !active}
            onClick={() => onChange(letter)}
          >
            {letter}
          </Button>
        );
      })}
    </Group>
  );
}
