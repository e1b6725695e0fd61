import { Button, Group, Progress, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaitShare } from '#shared/contracts/catches';
import { isThinSample } from '#shared/share-interval';
import { useLocale } from '../../../lib/use-locale';
import { formatCount } from '../../../lib/format-number';
import { shareMinSample } from '../../../lib/share-min-sample';
import { MIN_COUNT, splitByMinCount } from '../bait-guide-format';
import { useBaitLabel } from '../hooks/use-bait-names';
import { BaitPicture } from '../../../components/bait-picture';
import { ItemLink } from '../../../components/item-link';
import { ShareIntervalNote, ShareWithInterval, ThinSampleNote } from '../../../components/share-with-interval';
import classes from './bait-ranking.module.css';

interface BaitRankingProps {
  baits: readonly BaitShare[];
  /** The catches the shares are of: how many decimals they can carry. */
  total: number;
  /** Opens the detailed proportions. */
  onOpenDetails: () => void;
}

/**
 * The baits ranked by share (the server's order: count, then id), with count, share and the share's 95 % interval.
 * Baits with fewer than MIN_COUNT catches are too few to judge by, so they wait behind "show all"; those resting on
 * fewer than the minimum sample are shown dimmed (decision 0034). A row opens the detailed proportions; the bait's name
 * in it leads to the bait's page (issue 23), a link laid over the row's button rather than inside it.
 */
export function BaitRanking({ baits, total, onOpenDetails }: BaitRankingProps) {
  const { t } = useTranslation('bait-guide');
  const lang = useLocale();
  const label = useBaitLabel();
  const [showAll, setShowAll] = useState(false);
  const { shown, hidden } = splitByMinCount(baits);
  const rows = showAll ? [...shown, ...hidden] : shown;
  const minSample = shareMinSample();

  return (
    <Stack gap="xs">
      {rows.length > 0 && (
        <Stack component="ol" gap={2} p={0} m={0} aria-label={t('ranking.label')} style={{ listStyle: 'none' }}>
          {rows.map((entry, index) => {
            const { bait, name, typeName } = label(entry.bait_id);
            const thin = isThinSample(entry.count, minSample);
            return (
              <li key={entry.bait_id} data-bait-id={entry.bait_id} data-thin={thin || undefined}>
                <div className={classes.row}>
                  <Group gap="sm" wrap="nowrap" align="center">
                    <Text c="dimmed" size="sm" className={classes.rank}>
                      {index + 1}
                    </Text>
                    <BaitPicture bait={bait} size={40} />
                    <Stack gap={4} miw={0} style={{ flex: 1 }}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text fw={600} size="sm" truncate lang={lang}>
                          {bait ? (
                            <ItemLink
                              item={bait}
                              inherit
                              c={thin ? 'dimmed' : undefined}
                              className={classes.name}
                              data-testid="bait-name"
                            >
                              {name}
                            </ItemLink>
                          ) : (
                            <Text span inherit c={thin ? 'dimmed' : undefined} data-testid="bait-name">
                              {name}
                            </Text>
                          )}
                        </Text>
                        <ShareWithInterval value={entry} sample={total} dimmed={thin} testId="bait-share" />
                      </Group>
                      <Progress
                        value={entry.share * 100}
                        size="sm"
                        radius="xl"
                        color={thin ? 'gray.5' : undefined}
                        aria-hidden
                      />
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="xs" c="dimmed" truncate>
                          {typeName ?? t('ranking.unknownType')}
                        </Text>
                        <Text size="xs" c="dimmed" className={classes.numbers} data-testid="bait-count">
                          {t('summary.catches', { count: entry.count, formatted: formatCount(entry.count, lang) })}
                        </Text>
                      </Group>
                    </Stack>
                  </Group>
                  {/* The whole row's button, under the name's link: named by the bait and what it opens. */}
                  <UnstyledButton className={classes.cover} onClick={onOpenDetails}>
                    <VisuallyHidden>{name}</VisuallyHidden>
                    {thin && <ThinSampleNote min={minSample} />}
                    <VisuallyHidden>{` (${t('ranking.rowAction')})`}</VisuallyHidden>
                  </UnstyledButton>
                </div>
              </li>
            );
          })}
        </Stack>
      )}
      {hidden.length > 0 && (
        <Group gap="sm" justify="space-between" wrap="wrap" px="sm">
          <Text size="sm" c="dimmed">
            {showAll
              ? null
              : shown.length === 0
                ? t('ranking.allHidden', { min: MIN_COUNT })
                : t('ranking.hidden', { count: hidden.length, min: MIN_COUNT })}
          </Text>
          <Button
            variant="subtle"
            size="sm"
            onClick={() => setShowAll((value) => !value)}
            aria-expanded={showAll}
            rightSection={showAll ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          >
            {showAll ? t('ranking.showFewer', { min: MIN_COUNT }) : t('ranking.showAll', { count: baits.length })}
          </Button>
        </Group>
      )}
      {rows.length > 0 && (
        <div className={classes.note}>
          <ShareIntervalNote min={minSample} />
        </div>
      )}
    </Stack>
  );
}
