import { Anchor, Box, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FishItem } from '#shared/contracts/catalogue';
import { RARITY_COLORS, rarityByLevel } from '#shared/game/rarity';
import { localePath, type Locale } from '#shared/locales';
import { PAGE_PATHS } from '#shared/pages';
import { NewInBadge } from '../../../components/new-in-badge';
import { RarityBadge } from '../../../components/rarity-badge';
import { OtherNames } from '../../../components/other-names';
import { baitGuideSearch, heatMapSearch } from '../../../lib/page-links';
import type { TopBaitsEntry } from '../../../lib/top-baits';
import { formatWeightRange } from '../../../lib/format-number';
import classes from './fish-card.module.css';
import { FishTopBaits } from './fish-top-baits';

interface FishCardProps {
  fish: FishItem;
  /** Name in the page's language. */
  name: string;
  lang: Locale;
  /** The fish's own page (issue 23), with its name's slug (`itemPagePath`). */
  to: string;
  /** The map the list is filtered by (or the map's page it is on), null for all: the guide and the heat map open on it. */
  map: number | null;
  /** The fish's top baits (one request for the whole list). */
  topBaits: { entry: TopBaitsEntry | undefined; status: 'pending' | 'error' | 'success' };
}

/** The fish's bait guide, on the filtered map when there is one: `/query/bait-guide?fish_id=…[&map_id=…]`. */
function baitGuideHref(lang: Locale, fish: FishItem, map: number | null): string {
  const onMap = map !== null && fish.data.maps.includes(map) ? map : null;
  return localePath(lang, `${PAGE_PATHS.baitGuide}${baitGuideSearch(fish.id, onMap)}`);
}

/**
 * The heat map of the fish on the filtered map, else on its first map (`/?map=…&fish=…`, the home page's own
 * parameters); null when it lives on no known map.
 */
function heatMapHref(lang: Locale, fish: FishItem, map: number | null): string | null {
  const target = map !== null && fish.data.maps.includes(map) ? map : fish.data.maps[0];
  if (target === undefined) return null;
  return localePath(lang, `${PAGE_PATHS.home}${heatMapSearch(target, fish.id)}`);
}

export function FishCard({ fish, name, lang, to, map, topBaits }: FishCardProps) {
  const { t } = useTranslation('fishes');
  const rarity = rarityByLevel(fish.data.level);
  const heatMap = heatMapHref(lang, fish, map);
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      h="100%"
      className={classes.card}
      data-fish-id={fish.id}
      // The stripe repeats the rarity colour so a page of cards can be scanned by class at a glance.
      style={{ borderInlineStart: `4px solid ${RARITY_COLORS[rarity]}` }}
    >
      {/* The card's body opens the fish's page; the two links under it lead to other pages. */}
      <Link to={to} className={classes.main}>
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
          <Group justify="space-between" gap="xs">
            <Group gap={6}>
              <RarityBadge rarity={rarity} label={t(`rarity.${rarity}`)} />
              <NewInBadge item={fish} />
            </Group>
            <Text size="sm" c="dimmed">
              {formatWeightRange(fish.data.min_weight, fish.data.max_weight, lang)}
            </Text>
          </Group>
          <FishTopBaits entry={topBaits.entry} status={topBaits.status} lang={lang} />
        </Stack>
      </Link>
      <Group gap={0} className={classes.actions} wrap="nowrap">
        <Anchor
          component={Link}
          to={baitGuideHref(lang, fish, map)}
          className={`${classes.action} ${classes.guideIcon}`}
          aria-label={t('links.baitGuideLabel', { name })}
        >
          {t('links.baitGuide')}
        </Anchor>
        {heatMap && (
          <Anchor
            component={Link}
            to={heatMap}
            className={`${classes.action} ${classes.mapIcon}`}
            aria-label={t('links.heatMapLabel', { name })}
          >
            {t('links.heatMap')}
          </Anchor>
        )}
      </Group>
    </Card>
  );
}
