import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FishItem } from '#shared/contracts/catalogue';
import { RARITY_COLORS, rarityByLevel } from '#shared/game/rarity';
import { PAGE_PATHS } from '#shared/pages';
import { Fact } from '../../../components/fact';
import { NewInBadge } from '../../../components/new-in-badge';
import { OtherNames } from '../../../components/other-names';
import { RarityBadge } from '../../../components/rarity-badge';
import { formatWeightRange } from '../../../lib/format-number';
import { baitGuideSearch, heatMapSearch } from '../../../lib/page-links';
import { useLocale, useLocalePath } from '../../../lib/use-locale';

/**
 * The top of a fish's page: its mark in its rarity's colour (the catalogue has no fish pictures), its names in the
 * other languages beside the page's (the h1 holds that one) and its Latin name, rarity, weight range, whether the game
 * has it still, and the ways into the bait guide and the heat map of it.
 */
export function FishPageHeader({ fish, name }: { fish: FishItem; name: string }) {
  const { t } = useTranslation(['fish', 'fishes']);
  const lang = useLocale();
  const localePath = useLocalePath();
  const rarity = rarityByLevel(fish.data.level);
  const firstMap = fish.data.maps[0];

  return (
    <Paper withBorder radius="md" p="md" style={{ borderInlineStart: `4px solid ${RARITY_COLORS[rarity]}` }}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon
          size={72}
          radius="md"
          variant="light"
          color={RARITY_COLORS[rarity]}
          aria-hidden
          style={{ flex: 'none' }}
        >
          <IconFish size={40} stroke={1.5} />
        </ThemeIcon>
        <Stack gap="sm" miw={0} style={{ flex: 1 }}>
          <Stack gap={2}>
            <OtherNames item={fish} shown={name} lang={lang} />
            {fish.data.latin && (
              <Text size="sm" c="dimmed" fs="italic" lang="la">
                {fish.data.latin}
              </Text>
            )}
          </Stack>
          <Group gap="xl" align="flex-start">
            <Fact label={t('header.rarity')} testId="fish-rarity">
              <RarityBadge rarity={rarity} label={t(`fishes:rarity.${rarity}`)} size="md" />
            </Fact>
            <Fact label={t('header.weight')} testId="fish-weight">
              {formatWeightRange(fish.data.min_weight, fish.data.max_weight, lang)}
            </Fact>
          </Group>
          {(fish.new_in || fish.deprecated) && (
            <Group gap="xs">
              <NewInBadge item={fish} />
              {fish.deprecated && (
                <Badge color="gray" variant="light" size="sm" style={{ textTransform: 'none' }}>
                  {t('header.deprecated')}
                </Badge>
              )}
            </Group>
          )}
          <Group gap="lg">
            <Anchor
              component={Link}
              to={localePath(`${PAGE_PATHS.baitGuide}${baitGuideSearch(fish.id)}`)}
              size="sm"
              fw={600}
              aria-label={t('header.baitGuideLabel', { name })}
            >
              {t('header.baitGuide')}
            </Anchor>
            {firstMap !== undefined && (
              <Anchor
                component={Link}
                to={localePath(`${PAGE_PATHS.home}${heatMapSearch(firstMap, fish.id)}`)}
                size="sm"
                fw={600}
                aria-label={t('header.heatMapLabel', { name })}
              >
                {t('header.heatMap')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
