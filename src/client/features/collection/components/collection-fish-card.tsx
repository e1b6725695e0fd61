import { Anchor, Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BAIT_GUIDE_MIN_COUNT } from '#shared/catch-data-rules';
import type { FishItem } from '#shared/contracts/catalogue';
import type { CollectionFish } from '#shared/contracts/collection';
import { RARITY_COLORS, rarityByLevel } from '#shared/game/rarity';
import { PAGE_PATHS } from '#shared/pages';
import { StarBadge } from '../../../components/star-badge';
import { useBaseConfig } from '../../../lib/base-config';
import { formatDate } from '../../../lib/format-date';
import { formatCount, formatShare, formatWeight } from '../../../lib/format-number';
import { itemPagePath } from '../../../lib/item-links';
import { baitGuideSearch, heatMapSearch } from '../../../lib/page-links';
import type { TopBaitsEntry } from '../../../lib/top-baits';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import classes from './collection-fish-card.module.css';

/** How many of a missing fish's maps are linked to the heat map; the rest are counted. */
const MAPS_LINKED = 3;

/** What others catch a missing fish with now: the bait guide's top baits of the last 3 days, for the owner's page. */
export interface MissingHints {
  entry: TopBaitsEntry | undefined;
  status: 'pending' | 'error' | 'success';
}

interface CollectionFishCardProps {
  entry: CollectionFish;
  /** The catalogue's fish; undefined when the app's catalogue does not know it (its id is shown). */
  fish: FishItem | undefined;
  /** The map the collection is filtered by: the heat map and the bait guide open on it. */
  map: number | null;
  /** Only on the owner's page, for a fish not caught yet. */
  hints?: MissingHints | undefined;
}

/** The top baits as one line ("Worm 32 % · Bread 20 %"): text only, so a page of a hundred missing fish stays light. */
function BitingNow({ hints }: { hints: MissingHints }) {
  const { t } = useTranslation('collection');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { baitById } = useBaseConfig();
  if (hints.status !== 'success') return null;
  const entry = hints.entry;
  // The bait guide's own rule: a bait with fewer than BAIT_GUIDE_MIN_COUNT catches is not ranked.
  const ranked = (entry?.baits ?? []).filter((share) => share.count >= BAIT_GUIDE_MIN_COUNT);
  const text = !entry
    ? t('fish.noRecent')
    : ranked.length === 0
      ? t('fish.tooFew')
      : ranked
          .map((share) => {
            const bait = baitById(share.bait_id);
            const name = bait ? displayName(bait) : t('fish.unknownBait', { id: share.bait_id });
            return `${name} ${formatShare(share.share, lang, 0)}`;
          })
          .join(' · ');
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600}>
        {t('fish.biting')}
      </Text>
      <Text size="sm" data-testid="biting-now">
        {text}
      </Text>
    </Box>
  );
}

/** Where a missing fish lives, each map a link to its heat map narrowed to the fish. */
function LivesIn({ fish, name, map }: { fish: FishItem; name: string; map: number | null }) {
  const { t } = useTranslation('collection');
  const localePath = useLocalePath();
  const displayName = useDisplayName();
  const { mapById } = useBaseConfig();
  // The filtered map first: that is where the reader is looking.
  const maps = map !== null && fish.data.maps.includes(map) ? [map] : fish.data.maps;
  if (maps.length === 0) return null;
  const linked = maps.slice(0, MAPS_LINKED);
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600}>
        {t('fish.livesIn')}
      </Text>
      <Text size="sm">
        {linked.map((id, index) => {
          const item = mapById(id);
          const mapName = item ? displayName(item) : t('fish.unknownMap');
          return (
            <span key={id}>
              {index > 0 ? ' · ' : null}
              <Anchor
                component={Link}
                to={localePath(`${PAGE_PATHS.home}${heatMapSearch(id, fish.id)}`)}
                size="sm"
                // Links inside a line of text are told apart by more than their colour.
                underline="always"
                aria-label={t('fish.heatMapLabel', { name, map: mapName })}
              >
                {mapName}
              </Anchor>
            </span>
          );
        })}
        {maps.length > linked.length ? ` ${t('fish.moreMaps', { count: maps.length - linked.length })}` : null}
      </Text>
    </Box>
  );
}

/**
 * One fish of the collection. Caught: its heaviest catch (weight, map, day), the best star class reached and how many
 * were caught. Not yet: greyed (a dashed outline, the name dimmed), and on the owner's page
 * where and with what others catch it now. Every card links to the fish's page; a missing one to its bait guide too.
 */
export function CollectionFishCard({ entry, fish, map, hints }: CollectionFishCardProps) {
  const { t } = useTranslation('collection');
  const lang = useLocale();
  const localePath = useLocalePath();
  const displayName = useDisplayName();
  const { mapById } = useBaseConfig();
  const name = fish ? displayName(fish) : t('fish.unknownFish', { id: entry.fish_id });
  const heaviest = entry.heaviest;
  const heaviestMap = heaviest ? mapById(heaviest.map_id) : undefined;
  const rarity = fish ? rarityByLevel(fish.data.level) : 'rate_gray';

  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="sm"
      className={entry.caught ? undefined : classes.missing}
      data-fish-id={entry.fish_id}
      data-caught={entry.caught}
      style={{ borderInlineStart: `4px solid ${RARITY_COLORS[rarity]}` }}
    >
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text
            component="h3"
            fw={600}
            size="md"
            c={entry.caught ? undefined : 'dimmed'}
            lang={lang}
            style={{ overflowWrap: 'anywhere' }}
          >
            {name}
          </Text>
          {/* A dot badge: the colour on the dot, the text in the text colour (readable in both schemes). */}
          <Badge variant={entry.caught ? 'dot' : 'default'} color={entry.caught ? 'teal' : 'gray'} radius="sm">
            {entry.caught ? t('fish.caught') : t('fish.notYet')}
          </Badge>
        </Group>
        {fish?.deprecated ? (
          <Text size="xs" c="dimmed">
            {t('fish.deprecated')}
          </Text>
        ) : null}

        {heaviest ? (
          <Stack gap={4}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('fish.heaviest')}
              </Text>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatWeight(heaviest.weight, lang)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('fish.where', {
                map: heaviestMap ? displayName(heaviestMap) : t('fish.unknownMap'),
                date: formatDate(heaviest.caught_at),
              })}
              {' · '}
              {t('fish.catches', { count: entry.catch_count, formatted: formatCount(entry.catch_count, lang) })}
            </Text>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('fish.bestStar')}
              </Text>
              {entry.best_star_type !== null ? (
                <StarBadge starType={entry.best_star_type} />
              ) : (
                <Text size="sm">{t('fish.noStar')}</Text>
              )}
            </Group>
          </Stack>
        ) : null}

        {!entry.caught && hints ? <BitingNow hints={hints} /> : null}
        {!entry.caught && hints && fish ? <LivesIn fish={fish} name={name} map={map} /> : null}

        <Group gap="md" mt="auto" pt={4}>
          {fish ? (
            <Anchor
              component={Link}
              to={itemPagePath(fish, lang)}
              size="sm"
              aria-label={t('fish.fishPageLabel', { name })}
            >
              {t('fish.fishPage')}
            </Anchor>
          ) : null}
          {!entry.caught && hints && fish ? (
            <Anchor
              component={Link}
              to={localePath(
                `${PAGE_PATHS.baitGuide}${baitGuideSearch(fish.id, map !== null && fish.data.maps.includes(map) ? map : null)}`,
              )}
              size="sm"
              aria-label={t('fish.baitGuideLabel', { name })}
            >
              {t('fish.baitGuide')}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
