import { Box, Grid, Group, Image, Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BAIT_GUIDE_WINDOW_HOURS } from '#shared/catch-data-rules';
import type { MapItem } from '#shared/contracts/catalogue';
import type { BaitGuideTopResponse } from '#shared/contracts/catches';
import { Fact } from '../../../components/fact';
import { OtherNames } from '../../../components/other-names';
import { mediaUrl } from '../../../lib/api-client';
import { useDateFormat } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { useLocale } from '../../../lib/use-locale';

/** The picture's height on a wide screen; a phone's is the screen's width at the picture's proportions. */
const PICTURE_HEIGHT = 460;

interface MapPageHeaderProps {
  map: MapItem;
  name: string;
  fishCount: number;
  top: UseQueryResult<BaitGuideTopResponse>;
  /** Shown under the facts, beside the picture on a wide screen (what bites there now). */
  children?: ReactNode;
}

/**
 * The map's picture (its own proportions, never cropped) beside its names in the other languages, how many fish
 * species live there and how many catches the window holds, and under them `children`. Times in UTC until the page has hydrated (`useDateFormat`): the server
 * renders this page too.
 */
export function MapPageHeader({ map, name, fishCount, top, children }: MapPageHeaderProps) {
  const { t } = useTranslation('map');
  const dates = useDateFormat();
  const lang = useLocale();
  const answer = top.data;
  const catches = answer?.fishes.reduce((sum, entry) => sum + entry.total, 0);
  return (
    <Grid gap="lg" mb="xl">
      {/* As wide as the picture is at its height (at most 460 px), the facts taking the rest of the row. */}
      <Grid.Col span={{ base: 12, md: 'content' }}>
        <Box
          style={{
            aspectRatio: `${map.data.width} / ${map.data.height}`,
            width: `calc(${PICTURE_HEIGHT}px * ${map.data.width / map.data.height})`,
            maxWidth: '100%',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
            border: '1px solid var(--mantine-color-default-border)',
            background: 'var(--mantine-color-default-hover)',
          }}
        >
          <Image
            src={mediaUrl(map.data.image)}
            alt={t('pictureAlt', { map: name })}
            w="100%"
            h="100%"
            fit="contain"
            data-testid="map-picture"
          />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 'auto' }} miw={0}>
        <Paper withBorder radius="md" p="md" mb="lg">
          <Stack gap="sm">
            <OtherNames item={map} shown={name} lang={lang} />
            <Group gap="xl" align="flex-start">
              <Fact label={t('facts.fish')} testId="map-fish-count">
                {formatCount(fishCount, lang)}
              </Fact>
              <Fact label={t('facts.catches')} testId="map-catches">
                {catches === undefined
                  ? '—'
                  : t('facts.catchesValue', { count: catches, formatted: formatCount(catches, lang) })}
              </Fact>
              <Fact label={t('facts.window')} testId="window">
                {t('facts.windowValue', {
                  hours: BAIT_GUIDE_WINDOW_HOURS,
                  to: answer ? dates.dateTimeMinutes(answer.to) : '…',
                })}
              </Fact>
            </Group>
          </Stack>
        </Paper>
        {children}
      </Grid.Col>
    </Grid>
  );
}
