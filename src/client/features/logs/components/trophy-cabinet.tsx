import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrophyCount } from '#shared/contracts/catches';
import { StarBadge } from '../../../components/star-badge';
import { formatCount } from '../../../lib/format-number';
import { useLocale } from '../../../lib/use-locale';

/**
 * All-time trophies by star class, every class shown (a class at 0 is what is still to catch: its count dimmed, not
 * the whole line faded, so it keeps its contrast), each a badge in its rarity colour beside the count.
 */
export function TrophyCabinet({ counts }: { counts: TrophyCount[] }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  return (
    // Two columns while the section has the page's width, one beside the personal bests (md and up), so the longest
    // class name ("Super rare blue crown") is never cut.
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 1 }}
      spacing={6}
      verticalSpacing={6}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('stats.trophiesByClass')}
    >
      {counts.map(({ star_type, count }) => (
        <Paper
          key={star_type}
          component="li"
          withBorder
          radius="sm"
          px="xs"
          py={6}
          data-testid="trophy-count"
          data-empty={count === 0 || undefined}
        >
          <Group justify="space-between" wrap="nowrap" gap={6}>
            <StarBadge starType={star_type} size="sm" />
            <Text
              size="sm"
              fw={count === 0 ? 400 : 700}
              c={count === 0 ? 'dimmed' : undefined}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatCount(count, lang)}
            </Text>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
