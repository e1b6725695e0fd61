import { Badge, DataList, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FishItem } from '#shared/contracts/catalogue';
import { rarityByLevel } from '#shared/game/rarity';
import type { Locale } from '#shared/locales';
import { StarBadge } from '../../../components/star-badge';
import { RarityBadge } from '../../../components/rarity-badge';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { formatWeight, formatWeightRange } from '../../../lib/format-number';

interface FishDetailProps {
  fish: FishItem;
  lang: Locale;
}

/** One fish: its names, rarity class, the weight each star class needs, and the maps it lives on. */
export function FishDetail({ fish, lang }: FishDetailProps) {
  const { t } = useTranslation('fishes');
  const displayName = useDisplayName();
  const { mapById } = useBaseConfig();
  const rarity = rarityByLevel(fish.data.level);

  // Ascending weight is also ascending prestige, the order players read a trophy table in.
  const starWeights = [...fish.data.star_weights].sort((a, b) => a.min_weight - b.min_weight);
  const maps = fish.data.maps
    .map((id) => mapById(id))
    .filter((map) => map !== undefined)
    .map((map) => ({ id: map.id, name: displayName(map) }));

  return (
    <Stack gap="lg">
      <DataList labelWidth="7rem" gap="xs" withDivider>
        <DataList.Item>
          <DataList.ItemLabel>{t('detail.nameZh')}</DataList.ItemLabel>
          <DataList.ItemValue lang="zh">{fish.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('detail.nameEn')}</DataList.ItemLabel>
          <DataList.ItemValue lang="en">{fish.name_en || t('detail.none')}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('detail.nameJa')}</DataList.ItemLabel>
          <DataList.ItemValue lang="ja">{fish.name_ja || t('detail.none')}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('detail.latin')}</DataList.ItemLabel>
          <DataList.ItemValue lang="la" fs="italic">
            {fish.data.latin || t('detail.none')}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('detail.rarity')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <RarityBadge rarity={rarity} label={t(`rarity.${rarity}`)} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('detail.weightRange')}</DataList.ItemLabel>
          <DataList.ItemValue>{formatWeightRange(fish.data.min_weight, fish.data.max_weight, lang)}</DataList.ItemValue>
        </DataList.Item>
      </DataList>

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('detail.starWeights')}
        </Title>
        {starWeights.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.noStarWeights')}
          </Text>
        ) : (
          <Table withTableBorder striped verticalSpacing="xs" aria-label={t('detail.starWeights')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('detail.starType')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('detail.minWeight')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {starWeights.map((entry) => (
                <Table.Tr key={entry.star_type} data-star-type={entry.star_type}>
                  <Table.Th scope="row" fw="normal">
                    <StarBadge starType={entry.star_type} fallback={t('detail.unknownStarType')} size="md" />
                  </Table.Th>
                  <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    ≥ {formatWeight(entry.min_weight, lang)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('detail.maps')}
        </Title>
        {maps.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.noMaps')}
          </Text>
        ) : (
          <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {maps.map((map) => (
              <li key={map.id}>
                <Badge variant="default" size="lg" radius="sm" style={{ textTransform: 'none' }}>
                  {map.name}
                </Badge>
              </li>
            ))}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
