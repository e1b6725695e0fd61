import { Button } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BAIT_GUIDE_MIN_COUNT } from '#shared/catch-data-rules';
import type { MapItem } from '#shared/contracts/catalogue';
import { PAGE_PATHS, itemSlug, mapPagePath } from '#shared/pages';
import { PageFrame } from '../../../components/page-frame';
import { useBaseConfig } from '../../../lib/base-config';
import { heatMapSearch } from '../../../lib/page-links';
import { useTopBaits } from '../../../lib/top-baits';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { mapDescription } from '../item-page-meta';
import { MapBitingNow, bitingNow } from './map-biting-now';
import { MapFishList } from './map-fish-list';
import { MapPageHeader } from './map-page-header';

/**
 * A map's own page (issue 23): its picture, the fish caught most there now with the bait that caught each most, every
 * fish that lives there (each card with its top baits on this map, from the same one `/bait-guide/top?map_id=`
 * answer), and the way to its heat map. The heat map is the maps' index, so the breadcrumbs go home → map.
 */
export function MapPageView({ map }: { map: MapItem }) {
  const { t } = useTranslation('map');
  const lang = useLocale();
  const localePath = useLocalePath();
  const displayName = useDisplayName();
  const { fish: allFish, fishById, baitById } = useBaseConfig();
  const name = displayName(map);
  const top = useTopBaits(map.id);

  const collator = useMemo(() => new Intl.Collator(lang), [lang]);
  // Sorted by the shown name, as the encyclopedia sorts them.
  const fishes = useMemo(
    () =>
      allFish
        .filter((fish) => fish.data.maps.includes(map.id))
        .map((item) => ({ item, name: displayName(item) }))
        .sort((a, b) => collator.compare(a.name, b.name) || a.item.id - b.item.id),
    [allFish, map.id, displayName, collator],
  );
  const biting = top.data ? bitingNow(top.data) : null;
  const description = mapDescription(t, lang, {
    name,
    fish: fishes.map((entry) => entry.name),
    top:
      biting?.map((entry) => {
        const fish = fishById(entry.fish_id);
        const best = entry.baits.find((share) => share.count >= BAIT_GUIDE_MIN_COUNT);
        const bait = best ? baitById(best.bait_id) : undefined;
        return {
          fish: fish ? displayName(fish) : t('now.unknownFish', { id: entry.fish_id }),
          bait: best ? (bait ? displayName(bait) : t('now.unknownBait', { id: best.bait_id })) : null,
        };
      }) ?? null,
  });
  const heatMap = localePath(`${PAGE_PATHS.home}${heatMapSearch(map.id)}`);

  return (
    <PageFrame
      title={name}
      description={<span data-testid="map-summary">{description}</span>}
      size="xl"
      actions={
        <Button
          component={Link}
          to={heatMap}
          variant="light"
          leftSection={<IconMap size={18} aria-hidden />}
          aria-label={t('heatMapLabel', { map: name })}
        >
          {t('heatMap')}
        </Button>
      }
      meta={{
        description,
        image: map.data.image,
        breadcrumbs: [{ name, path: mapPagePath(map.id, itemSlug(name)) }],
      }}
    >
      <MapPageHeader map={map} name={name} fishCount={fishes.length} top={top}>
        <MapBitingNow mapName={name} top={top} />
      </MapPageHeader>
      <MapFishList mapId={map.id} mapName={name} fishes={fishes} top={top} />
    </PageFrame>
  );
}
