import { DataList, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { compassPoint } from '#shared/game/compass';
import { formatGameHour } from '#shared/game/game-time';
import { StarBadge } from '../../../components/star-badge';
import { useBaseConfig } from '../../../lib/base-config';
import { formatDateTime } from '../../../lib/format-date';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';
import type { LogItem } from '../api/log-queries';
import { formatDecimal, formatPoint, formatWeight } from '../../../lib/format-number';
import { durationParts } from '../log-format';
import { CatchBaits } from './bait-info';
import { CompassRose } from './compass-rose';
import { MapPreview } from './map-preview';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/**
 * Everything about one catch or record (docs/product-requirements.md §2 detail view): where (map preview with a marker,
 * map, x / y), the conditions (weather with its night variant, temperature, depth, game time 1–24), how (direction on
 * the boat, compass with angle, rod, bait) and what (fish, star type, weight, time). Official records lack some of
 * these: those rows say "—" and the map preview and compass are left out.
 */
export function LogDetail({ item }: { item: LogItem }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { mapById } = useBaseConfig();
  const map = mapById(item.map_id);
  const mapName = map ? displayName(map) : t('detail.unknownMap');
  const none = t('detail.unknown');
  const hasPlace = item.x !== null && item.y !== null;
  const duration = item.time_spent === null ? null : durationParts(item.time_spent);

  return (
    <Stack gap="lg">
      <Group gap="xs">
        <StarBadge starType={item.star_type} size="lg" />
        <Text fw={600}>{formatWeight(item.weight, lang)}</Text>
      </Group>

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('detail.location')}
        </Title>
        {map && hasPlace && <MapPreview map={map} mapName={mapName} x={item.x!} y={item.y!} />}
        <DataList labelWidth="8rem" gap="xs" withDivider>
          <Row label={t('detail.map')}>{mapName}</Row>
          <Row label={t('detail.coordinatesLabel')}>{hasPlace ? formatPoint(item.x!, item.y!, lang, 2) : none}</Row>
        </DataList>
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: item.angle === null ? 1 : 2 }} spacing="lg" verticalSpacing="lg">
        <DataList labelWidth="8rem" gap="xs" withDivider>
          <Row label={t('detail.weather')}>
            {item.weather === null ? none : t(`weather.${item.night ? 'night' : 'day'}.${item.weather}`)}
          </Row>
          <Row label={t('detail.temperature')}>
            {item.temperature === null ? none : `${formatDecimal(item.temperature, lang)} °C`}
          </Row>
          <Row label={t('detail.depth')}>{item.depth === null ? none : `${formatDecimal(item.depth, lang)} m`}</Row>
          <Row label={t('detail.gameTime')}>{item.game_hour === null ? none : formatGameHour(item.game_hour)}</Row>
          <Row label={t('detail.direction')}>{item.direction === null ? none : t(`direction.${item.direction}`)}</Row>
          <Row label={t('detail.compass')}>
            {item.angle === null
              ? none
              : t('detail.angle', { point: t(`compass.${compassPoint(item.angle)}`), angle: item.angle })}
          </Row>
        </DataList>
        {item.angle !== null && (
          <Stack align="center" gap={4}>
            <CompassRose angle={item.angle} />
          </Stack>
        )}
      </SimpleGrid>

      <DataList labelWidth="8rem" gap="xs" withDivider>
        {'player_name' in item && <Row label={t('detail.player')}>{item.player_name}</Row>}
        <Row label={t('detail.caughtAt')}>{formatDateTime(item.caught_at)}</Row>
        <Row label={t('detail.rodType')}>{t(`rod.${item.rod_type}`)}</Row>
        <Row label={t('detail.bait')}>
          <CatchBaits baitId={item.bait_id} bait2Id={item.bait2_id} />
        </Row>
        <Row label={t('detail.timeSpent')}>{duration === null ? none : t(`duration.${duration.unit}`, duration)}</Row>
      </DataList>
    </Stack>
  );
}
