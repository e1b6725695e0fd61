import { Box, Text } from '@mantine/core';
import { type Named, otherNames } from '#shared/game/names';
import type { Locale } from '#shared/locales';

interface OtherNamesProps {
  item: Named;
  /** The name the card already shows, in the page's language. */
  shown: string;
  lang: Locale;
}

/** A card's small line of the item's names in the other languages; nothing when there are none. */
export function OtherNames({ item, shown, lang }: OtherNamesProps) {
  const others = otherNames(item, shown, lang);
  if (others.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {others.map((other, index) => (
        <Box component="span" key={other.lang} lang={other.lang}>
          {index > 0 && ' · '}
          {other.text}
        </Box>
      ))}
    </Text>
  );
}
