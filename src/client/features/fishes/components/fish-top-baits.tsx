import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BAIT_GUIDE_MIN_COUNT } from '#shared/catch-data-rules';
import type { Locale } from '#shared/locales';
import { isThinSample } from '#shared/share-interval';
import { BaitPicture } from '../../../components/bait-picture';
import { ShareWithInterval, ThinSampleNote } from '../../../components/share-with-interval';
import { useBaseConfig } from '../../../lib/base-config';
import { formatCount } from '../../../lib/format-number';
import { shareMinSample } from '../../../lib/share-min-sample';
import { useDisplayName } from '../../../lib/use-display-name';
import type { TopBaitsEntry } from '../../../lib/top-baits';

const PICTURE = 22;

interface FishTopBaitsProps {
  /** The fish's entry of `/bait-guide/top`; undefined when it had no catch in the window. */
  entry: TopBaitsEntry | undefined;
  status: 'pending' | 'error' | 'success';
  lang: Locale;
}

/**
 * The fish's three most used baits in the last 3 days, with their shares (docs/product-requirements.md §2 fish
 * encyclopedia, issue 10). The bait guide's own rule decides which baits are worth naming: a bait with fewer than
 * BAIT_GUIDE_MIN_COUNT catches is not ranked, so one catch never shows as "100 %"; a fish with catches but no such
 * bait says it has too few catches yet (the card's bait-guide link, just below, shows them all). Each share carries its
 * 95 % interval, and a bait resting on fewer catches than the minimum sample is dimmed (decision 0034).
 */
export function FishTopBaits({ entry, status, lang }: FishTopBaitsProps) {
  const { t } = useTranslation('fishes');
  const displayName = useDisplayName();
  const { baitById } = useBaseConfig();
  // A failed request is said once above the list; the cards just leave the section out.
  if (status === 'error') return null;
  if (status === 'pending') return <Skeleton h={14} w="70%" mt="auto" radius="sm" aria-hidden />;
  // Most fish have no catch in a 3-day window: one line says so (a page of 160 cards stays light to lay out and scan).
  if (!entry || entry.baits.length === 0) {
    return (
      <Text size="xs" c="dimmed" mt="auto" pt={4} data-testid="top-baits">
        {t('topBaits.none')}
      </Text>
    );
  }
  const ranked = entry.baits.filter((share) => share.count >= BAIT_GUIDE_MIN_COUNT).slice(0, 3);
  const minSample = shareMinSample();
  if (ranked.length === 0) {
    return (
      <Text size="xs" c="dimmed" mt="auto" pt={4} data-testid="top-baits">
        {t('topBaits.tooFew', { count: entry.total, formatted: formatCount(entry.total, lang) })}
      </Text>
    );
  }
  return (
    // At the card's foot, so the sections line up across a row of cards.
    <Stack gap={4} mt="auto" pt={4} data-testid="top-baits">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" fw={600}>
          {t('topBaits.title')}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {t('topBaits.catches', { count: entry.total, formatted: formatCount(entry.total, lang) })}
        </Text>
      </Group>
      <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('topBaits.title')}>
        {ranked.map((share) => {
          const bait = baitById(share.bait_id);
          const name = bait ? displayName(bait) : t('topBaits.unknown', { id: share.bait_id });
          const thin = isThinSample(share.count, minSample);
          return (
            <Group
              component="li"
              key={share.bait_id}
              gap={8}
              wrap="nowrap"
              data-bait-id={share.bait_id}
              data-thin={thin || undefined}
            >
              <BaitPicture size={PICTURE} radius="sm" bait={bait} />
              <Text size="sm" truncate style={{ flex: 1 }} lang={lang} c={thin ? 'dimmed' : undefined}>
                {name}
              </Text>
              <ShareWithInterval value={share} sample={entry.total} digits={0} dimmed={thin} testId="top-bait-share" />
              {thin && <ThinSampleNote min={minSample} />}
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
