import { Anchor, Badge, Group, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PersonalBest } from '#shared/contracts/catches';
import { STAR_TYPE_UNKNOWN } from '#shared/game/catch-attributes';
import { PAGE_PATHS } from '#shared/pages';
import { StarBadge } from '../../../components/star-badge';
import { useBaseConfig } from '../../../lib/base-config';
import { formatDate } from '../../../lib/format-date';
import { formatCount, formatWeight } from '../../../lib/format-number';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale, useLocalePath } from '../../../lib/use-locale';

/** How many bests show before "show all": a phone screen's worth. */
export const BESTS_SHOWN = 8;
const ORDERS = ['newest', 'mostCaught', 'name'] as const;
type Order = (typeof ORDERS)[number];

/** The names a best shows, looked up once so sorting by name and showing read the same. */
function useBestNames() {
  const { t } = useTranslation('logs');
  const displayName = useDisplayName();
  const { fishById, mapById, baitById } = useBaseConfig();
  return (best: PersonalBest) => {
    const fish = fishById(best.fish_id);
    const map = mapById(best.map_id);
    const baits = [best.bait_id, best.bait2_id].flatMap((id) => {
      const bait = id === null ? undefined : baitById(id);
      return id === null ? [] : [bait ? displayName(bait) : t('bait.unknown')];
    });
    return {
      fish: fish ? displayName(fish) : t('detail.unknownFish'),
      map: map ? displayName(map) : t('stats.unknownMap'),
      bait: baits.join(' + '),
    };
  };
}

/**
 * The heaviest catch of each fish the player caught (docs/product-requirements.md §2 user stats): the fish, linked to
 * that catch's bird log, how many of it they caught, where and on what bait, the weight and the day. One line each,
 * two rows of text, so it reads on a 390 px phone; newest best first (the server's order), or most caught, or by name.
 */
export function PersonalBests({ bests }: { bests: PersonalBest[] }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const localePath = useLocalePath();
  const namesOf = useBestNames();
  const [order, setOrder] = useState<Order>('newest');
  const [all, setAll] = useState(false);
  if (bests.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('stats.noBests')}
      </Text>
    );

  const rows = bests.map((best) => ({ best, names: namesOf(best) }));
  if (order === 'mostCaught') rows.sort((a, b) => b.best.catch_count - a.best.catch_count);
  if (order === 'name') rows.sort((a, b) => a.names.fish.localeCompare(b.names.fish, lang));
  const shown = all ? rows : rows.slice(0, BESTS_SHOWN);

  return (
    <Stack gap="xs">
      {bests.length > 1 && (
        <SegmentedControl
          size="xs"
          value={order}
          onChange={(value) => setOrder(value as Order)}
          aria-label={t('stats.bestsOrder')}
          data={ORDERS.map((value) => ({ value, label: t(`stats.bestsBy.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('stats.personalBests')}>
        {shown.map(({ best, names }) => (
          <Group
            key={best.fish_id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={8}
            data-testid="personal-best"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={2} miw={0}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Anchor
                  component={Link}
                  to={`${localePath(PAGE_PATHS.birdLogs)}?id=${best.id}`}
                  size="sm"
                  fw={600}
                  truncate
                >
                  {names.fish}
                </Anchor>
                <Badge
                  size="xs"
                  variant="light"
                  color="gray"
                  style={{ flex: 'none' }}
                  title={t('stats.caughtTimes', { count: best.catch_count })}
                >
                  {/* "×3" to the eye, the words to a screen reader. */}
                  <span aria-hidden>×{formatCount(best.catch_count, lang)}</span>
                  <VisuallyHidden>{t('stats.caughtTimes', { count: best.catch_count })}</VisuallyHidden>
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {names.map} · {names.bait}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
              <Group gap={6} wrap="nowrap">
                {best.star_type !== STAR_TYPE_UNKNOWN && <StarBadge starType={best.star_type} size="xs" />}
                <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatWeight(best.weight, lang)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDate(best.caught_at)}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
      {bests.length > BESTS_SHOWN && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          aria-expanded={all}
          onClick={() => setAll(!all)}
          style={{ alignSelf: 'flex-start' }}
        >
          {all ? t('stats.showFewer') : t('stats.showAll', { count: bests.length })}
        </Anchor>
      )}
    </Stack>
  );
}
