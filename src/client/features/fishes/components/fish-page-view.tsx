import { Anchor, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FishItem } from '#shared/contracts/catalogue';
import { rarityByLevel } from '#shared/game/rarity';
import { PAGE_PATHS, fishPagePath, itemSlug } from '#shared/pages';
import { PageFrame } from '../../../components/page-frame';
import { useBaseConfig } from '../../../lib/base-config';
import { formatWeightRange } from '../../../lib/format-number';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { useFishBaitGuide } from '../api/fish-page-queries';
import { fishDescription } from '../item-page-meta';
import { FishBestBaits, rankedBaits } from './fish-best-baits';
import { FishLatestRecords } from './fish-latest-records';
import { FishMaps } from './fish-maps';
import { FishPageHeader } from './fish-page-header';
import { FishStarWeights } from './fish-star-weights';

/**
 * A fish's own page (issue 23): its name as the title, its names, rarity and weights, the maps it lives on, its best
 * baits now and its newest official records. Its meta (description, picture, breadcrumbs) says the same in a sentence
 * or two; the catalogue has no fish pictures, so a link preview shows the first map it lives on.
 */
export function FishPageView({ fish }: { fish: FishItem }) {
  const { t } = useTranslation(['fish', 'fishes']);
  const lang = useLocale();
  const localePath = useLocalePath();
  const displayName = useDisplayName();
  const { mapById, baitById } = useBaseConfig();
  const name = displayName(fish);
  const guide = useFishBaitGuide(fish.id);

  const maps = fish.data.maps.map((id) => mapById(id)).filter((map) => map !== undefined);
  const baits = guide.data
    ? rankedBaits(guide.data).map((share) => {
        const bait = baitById(share.bait_id);
        return bait ? displayName(bait) : t('baits.unknown', { id: share.bait_id });
      })
    : null;
  const description = fishDescription(t, lang, {
    name,
    rarity: t(`fishes:rarity.${rarityByLevel(fish.data.level)}`),
    weight: formatWeightRange(fish.data.min_weight, fish.data.max_weight, lang),
    maps: maps.map((map) => displayName(map)),
    baits,
  });

  return (
    <PageFrame
      title={name}
      // The page in a sentence or two under its name, as search engines and link previews read it.
      description={<span data-testid="fish-summary">{description}</span>}
      meta={{
        description,
        image: maps[0]?.data.image,
        breadcrumbs: [
          { name: t('fishes:title'), path: PAGE_PATHS.fishes },
          { name, path: fishPagePath(fish.id, itemSlug(name)) },
        ],
      }}
    >
      <Stack gap="lg">
        <Group>
          <Anchor component={Link} to={localePath(PAGE_PATHS.fishes)} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {t('back')}
            </Group>
          </Anchor>
        </Group>
        <FishPageHeader fish={fish} name={name} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <FishBestBaits fishId={fish.id} guide={guide} />
          <Stack gap="lg">
            <FishMaps fish={fish} name={name} />
            <FishStarWeights fish={fish} />
          </Stack>
        </SimpleGrid>
        <FishLatestRecords fishId={fish.id} name={name} />
      </Stack>
    </PageFrame>
  );
}
