import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FishItem } from '#shared/contracts/catalogue';
import { StarBadge } from '../../../components/star-badge';
import { formatWeight } from '../../../lib/format-number';
import { useLocale } from '../../../lib/use-locale';

/** The weight a catch of the fish needs for each star class, lightest (least prestigious) first. */
export function FishStarWeights({ fish }: { fish: FishItem }) {
  const { t } = useTranslation('fishes');
  const lang = useLocale();
  // Ascending weight is also ascending prestige, the order players read a trophy table in.
  const starWeights = [...fish.data.star_weights].sort((a, b) => a.min_weight - b.min_weight);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
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
  );
}
