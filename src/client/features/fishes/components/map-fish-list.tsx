import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FishItem } from '#shared/contracts/catalogue';
import type { BaitGuideTopResponse } from '#shared/contracts/catches';
import { ShowMore, useShownLimit } from '../../../components/show-more';
import { itemPagePath } from '../../../lib/item-links';
import { useLocale } from '../../../lib/use-locale';
import { FishCard } from './fish-card';

const GRID_COLS = { base: 1, xs: 2, md: 3 };
// Cards rendered per step: whole rows at one, two and three columns (as the encyclopedia).
const CARDS_PER_STEP = 24;

interface MapFishListProps {
  mapId: number;
  mapName: string;
  /** The fish that live on the map with their names in the page's language, in the order shown. */
  fishes: readonly { item: FishItem; name: string }[];
  top: UseQueryResult<BaitGuideTopResponse>;
}

/**
 * Every fish that lives on the map, as the encyclopedia's cards: each opens the fish's page, and shows its top baits
 * on this map, its bait guide and heat map opening on this map too.
 */
export function MapFishList({ mapId, mapName, fishes, top }: MapFishListProps) {
  const { t } = useTranslation('map');
  const lang = useLocale();
  const [limit, showMore] = useShownLimit(CARDS_PER_STEP, fishes);
  const byFish = useMemo(() => new Map((top.data?.fishes ?? []).map((entry) => [entry.fish_id, entry])), [top.data]);

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('fish.title', { map: mapName })}
      </Title>
      {fishes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('fish.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('fish.hint')}
          </Text>
          <SimpleGrid
            component="ul"
            cols={GRID_COLS}
            spacing="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('fish.title', { map: mapName })}
            data-testid="map-fish"
          >
            {fishes.slice(0, limit).map(({ item, name }) => (
              <li key={item.id}>
                <FishCard
                  fish={item}
                  name={name}
                  lang={lang}
                  to={itemPagePath(item, lang)}
                  map={mapId}
                  topBaits={{ entry: byFish.get(item.id), status: top.status }}
                />
              </li>
            ))}
          </SimpleGrid>
          <ShowMore left={fishes.length - limit} step={CARDS_PER_STEP} onMore={showMore} />
        </>
      )}
    </Stack>
  );
}
