/**
 * A share with its 95 % interval, and the one line that says what the interval means (issue 25, decision 0034): the
 * bait guide, its detail, a bait's page and the encyclopedia's top baits all write a share so: "42% (35–49%)".
 */
import { Text, type MantineSize, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShareInterval } from '#shared/share-interval';
import { formatShare, formatShareRange, shareDigits } from '../lib/format-number';
import { shareMinSample } from '../lib/share-min-sample';
import { useLocale } from '../lib/use-locale';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

interface ShareWithIntervalProps {
  value: ShareInterval & { share: number };
  /** The catches the share is of: how many decimals it and its interval can carry. */
  sample: number;
  /** Fewer decimals than the sample could carry, where space is short (the encyclopedia's cards: whole percents). */
  digits?: number;
  size?: MantineSize;
  /** Dimmed: the row rests on fewer catches than the minimum sample. */
  dimmed?: boolean;
  /** The share's test id; its interval's is the same with `-interval`. */
  testId?: string;
}

export function ShareWithInterval({
  value,
  sample,
  digits = shareDigits(sample),
  size = 'sm',
  dimmed = false,
  testId,
}: ShareWithIntervalProps) {
  const { t } = useTranslation();
  const lang = useLocale();
  const range = formatShareRange(value.share_lower, value.share_upper, lang, digits);
  return (
    // Where the space is short, the interval goes under the share rather than splitting.
    <Text span size={size} style={{ fontVariantNumeric: 'tabular-nums' }}>
      <Text span inherit fw={700} c={dimmed ? 'dimmed' : undefined} style={NO_WRAP} data-testid={testId}>
        {formatShare(value.share, lang, digits)}
      </Text>{' '}
      <Text
        span
        size="xs"
        c="dimmed"
        fw={400}
        title={t('shareInterval.range', { range })}
        style={NO_WRAP}
        data-testid={testId && `${testId}-interval`}
      >
        ({range})
      </Text>
    </Text>
  );
}

/** Said to screen readers in a row resting on fewer catches than the minimum sample, which others see dimmed. */
export function ThinSampleNote({ min }: { min: number }) {
  const { t } = useTranslation();
  return <VisuallyHidden>{` (${t('shareInterval.thin', { min })})`}</VisuallyHidden>;
}

/** The one line under a list of shares: what the brackets mean, and which rows are grey. */
export function ShareIntervalNote({ min = shareMinSample() }: { min?: number }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" data-testid="share-interval-note">
      {t('shareInterval.note', { min })}
    </Text>
  );
}
