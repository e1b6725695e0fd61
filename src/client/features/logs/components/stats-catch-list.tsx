import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BirdLogItem } from '#shared/contracts/catches';
import { STAR_TYPE_UNKNOWN } from '#shared/game/catch-attributes';
import { PAGE_PATHS } from '#shared/pages';
import { StarBadge } from '../../../components/star-badge';
import { useBaseConfig } from '../../../lib/base-config';
import { formatDateTime } from '../../../lib/format-date';
import { formatWeight } from '../../../lib/format-number';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale, useLocalePath } from '../../../lib/use-locale';

/** What a line of the list shows: the recent catches and the trophies of the stats share it. */
export type StatsCatch = Pick<BirdLogItem, 'id' | 'caught_at' | 'fish_id' | 'star_type' | 'weight'>;

/** A short list of catches, each a link to its bird log: fish, time, trophy badge, weight; `empty` when none. */
export function StatsCatchList({ items, empty }: { items: StatsCatch[]; empty: string }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const localePath = useLocalePath();
  const displayName = useDisplayName();
  const { fishById } = useBaseConfig();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const fish = fishById(item.fish_id);
        return (
          <Group
            key={item.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={2} miw={0}>
              <Anchor component={Link} to={`${localePath(PAGE_PATHS.birdLogs)}?id=${item.id}`} size="sm" fw={600}>
                {fish ? displayName(fish) : t('detail.unknownFish')}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDateTime(item.caught_at)}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
              {item.star_type !== STAR_TYPE_UNKNOWN && <StarBadge starType={item.star_type} size="sm" />}
              <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatWeight(item.weight, lang)}
              </Text>
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
