import { Button, Group, Paper, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BaitGuideResponse } from '#shared/contracts/catches';
import { useDateFormat } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { useLocale } from '../../../lib/use-locale';
import { WINDOW_HOURS } from '../bait-guide-format';
import { Fact } from '../../../components/fact';
import { useMatchMedia } from '../../../lib/browser-state';

interface BaitGuideSummaryProps {
  /** `trust`: what the sample counts (absent: trusted catches, as every answer before it was echoed). */
  guide: Pick<BaitGuideResponse, 'total' | 'from' | 'to'> & { trust?: BaitGuideResponse['trust'] };
  /** The map's name, null for every map. */
  mapName: string | null;
  onOpenDetails?: () => void;
}

/** What the shares rest on: the sample size, the window and the maps, with the way into the detailed proportions. */
export function BaitGuideSummary({ guide, mapName, onOpenDetails }: BaitGuideSummaryProps) {
  const { t } = useTranslation('bait-guide');
  const lang = useLocale();
  const phone = useMatchMedia('(max-width: 36em)');
  const dates = useDateFormat();
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="center" gap="md">
        <Group gap="lg" align="flex-start">
          <Fact label={t('summary.sample')} testId="sample-size">
            {t('summary.catches', { count: guide.total, formatted: formatCount(guide.total, lang) })}
          </Fact>
          <Fact label={t('summary.counted')} testId="counted">
            {guide.trust === 'all' ? t('summary.countedAll') : t('summary.countedTrusted')}
          </Fact>
          <Fact label={t('summary.scope')} testId="scope">
            {mapName ?? t('summary.allMaps')}
          </Fact>
          <Fact label={t('summary.window')} testId="window">
            {/* To the minute: seconds say nothing about a 72-hour window. */}
            {t('summary.windowValue', {
              from: dates.dateTimeMinutes(guide.from),
              to: dates.dateTimeMinutes(guide.to),
            })}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              ({t('summary.windowHours', { hours: WINDOW_HOURS })})
            </Text>
          </Fact>
        </Group>
        {onOpenDetails && (
          <Button
            variant="light"
            leftSection={<IconChartBar size={18} aria-hidden />}
            onClick={onOpenDetails}
            fullWidth={phone}
          >
            {t('ranking.details')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
