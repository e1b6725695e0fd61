import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FishItem } from '#shared/contracts/catalogue';
import { RARITY_COLORS, rarityByLevel } from '#shared/game/rarity';
import type { Locale } from '#shared/locales';
import { OtherNames } from '../../../components/other-names';
import { formatWeightRange } from '../format-weight';
import classes from './fish-card.module.css';
import { RarityBadge } from './rarity-badge';

interface FishCardProps {
  fish: FishItem;
  /** Name in the page's language. */
  name: string;
  lang: Locale;
  /** Link target that opens this fish's detail (keeps the filters). */
  to: string;
}

export function FishCard({ fish, name, lang, to }: FishCardProps) {
  const rarity = rarityByLevel(fish.data.level);
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="md"
      h="100%"
      className={classes.card}
      data-fish-id={fish.id}
      // The stripe repeats the rarity colour so a page of cards can be scanned by class at a glance.
      style={{ borderInlineStart: `4px solid ${RARITY_COLORS[rarity]}` }}
    >
      <Stack gap={6} h="100%">
        <Box>
          <Text component="h2" fw={600} size="md" lang={lang} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <OtherNames item={fish} shown={name} lang={lang} />
          {fish.data.latin && (
            <Text size="xs" c="dimmed" fs="italic" lang="la">
              {fish.data.latin}
            </Text>
          )}
        </Box>
        <Group justify="space-between" gap="xs" mt="auto">
          <RarityBadge rarity={rarity} />
          <Text size="sm" c="dimmed">
            {formatWeightRange(fish.data.min_weight, fish.data.max_weight, lang)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
