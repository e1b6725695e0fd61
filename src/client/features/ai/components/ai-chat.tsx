import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconClockHour4, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AI_QUESTION_MAX_LENGTH, AI_QUOTA_WINDOW_SECONDS, AI_RATE_LIMITED } from '#shared/ai-rules';
import type { AskResponse } from '#shared/contracts/ai';
import { withNameCorrected } from '#shared/game/name-match';
import { PAGE_PATHS } from '#shared/pages';
import { VipBadge } from '../../../components/vip-badge';
import { ApiError } from '../../../lib/api-client';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocalePath } from '../../../lib/use-locale';
import { useAiQuota, useAsk } from '../api/ai-queries';
import { type Deadline, useCountdown } from '../hooks/use-countdown';
import { AiAnswer } from './ai-answer';
import { AiHistory } from './ai-history';

/** Example questions in the page's language, naming real fish and a map of the catalogue. */
function useExamples(): string[] {
  const { t } = useTranslation('ai');
  const { fish, mapById } = useBaseConfig();
  const name = useDisplayName();
  return useMemo(() => {
    const first = fish[0];
    const second = fish[1] ?? first;
    if (!first || !second) return [];
    const map = first.data.maps.map((id) => mapById(id)).find(Boolean);
    const values = { fish: name(first), fish2: name(second), map: map ? name(map) : '' };
    return [
      t('examples.bait', values),
      map ? t('examples.place', values) : t('examples.habitat', values),
      t('examples.records', values),
      t('examples.time', values),
    ];
  }, [fish, mapById, name, t]);
}

/**
 * The AI chat (docs/product-requirements.md §2, issue 11): one complete question at a time, the 'thinking' state, the
 * answer with its facts and links, example questions, the free questions left this minute (VIP: unlimited), and after
 * the limit the spec's message with a countdown before sending is possible again. The user's recent questions below.
 */
export function AiChat() {
  const { t } = useTranslation('ai');
  const localePath = useLocalePath();
  const examples = useExamples();
  const quota = useAiQuota();
  const ask = useAsk();
  const [question, setQuestion] = useState('');
  const [shown, setShown] = useState<{ question: string; answer: AskResponse } | null>(null);
  const [limitedUntil, setLimitedUntil] = useState<Deadline | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  // A page opened (or a question answered) with the quota used up starts the countdown too.
  const quotaWait = quota.data?.retry_after ?? null;
  const seenAt = quota.dataUpdatedAt;
  const quotaDeadline = useMemo(
    () => (quotaWait ? { until: seenAt + quotaWait * 1000, from: seenAt } : null),
    [quotaWait, seenAt],
  );
  const until = limitedUntil ?? quotaDeadline;
  // When the minute is over, the counter shows the fresh quota.
  const { refetch } = quota;
  const wait = useCountdown(until, () => void refetch());
  const limited = wait > 0;

  const trimmed = question.trim();
  const tooLong = trimmed.length > AI_QUESTION_MAX_LENGTH;
  const canAsk = !limited && !ask.isPending;
  const canSend = trimmed.length > 0 && !tooLong && canAsk;
  const { fish } = useBaseConfig();

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (canSend) askQuestion(trimmed);
  }

  /**
   * "Did you mean": the question shown asked again with the suggested name where the mistyped one stood, found among
   * that fish's names, pinyin and last word by the same matcher the server read the question with.
   */
  function askAgain(asked: string, suggestion: string) {
    const named = fish.find((item) => [item.name, item.name_en, item.name_ja].includes(suggestion));
    const corrected = withNameCorrected(asked, named ?? { id: 0, name: suggestion }, suggestion).slice(
      0,
      AI_QUESTION_MAX_LENGTH,
    );
    setQuestion(corrected);
    if (canAsk) askQuestion(corrected);
  }

  function askQuestion(asked: string) {
    ask.mutate(
      { question: asked },
      {
        onSuccess: (answer) => setShown({ question: asked, answer }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 429 && error.message === AI_RATE_LIMITED) {
            const seconds = Math.min(AI_QUOTA_WINDOW_SECONDS, error.retryAfter ?? AI_QUOTA_WINDOW_SECONDS);
            const now = Date.now();
            setLimitedUntil({ until: now + seconds * 1000, from: now });
          }
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; an IME composing Chinese or Japanese keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  const failed = ask.isError && !(ask.error instanceof ApiError && ask.error.status === 429);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={send}>
        <Stack gap="sm">
          <Textarea
            ref={input}
            label={t('questionLabel')}
            description={t('note')}
            placeholder={t('placeholder')}
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={2}
            maxRows={8}
            error={tooLong ? t('tooLong', { max: AI_QUESTION_MAX_LENGTH }) : undefined}
            data-testid="ai-question"
          />
          <Group justify="space-between" gap="sm" wrap="wrap">
            <QuotaLine />
            {/* Stays at the right when the quota line takes a row of its own (phones). */}
            <Group gap="sm" ml="auto">
              <Text fz="xs" c={tooLong ? 'red' : 'dimmed'} aria-hidden>
                {trimmed.length}/{AI_QUESTION_MAX_LENGTH}
              </Text>
              <Button
                type="submit"
                disabled={!canSend}
                loading={ask.isPending}
                leftSection={<IconSend size={16} aria-hidden />}
              >
                {limited ? t('sendIn', { seconds: wait }) : t('send')}
              </Button>
            </Group>
          </Group>
          <Text fz="xs" c="dimmed">
            {t('enterHint')}
          </Text>
        </Stack>
      </Paper>

      {limited ? (
        <Alert color="orange" icon={<IconClockHour4 size={18} aria-hidden />} title={t('limitedTitle')} role="alert">
          <Text fz="sm" data-testid="ai-countdown">
            {t('countdown', { seconds: wait })}
          </Text>
          <Anchor component={Link} to={localePath(PAGE_PATHS.vipBuy)} fz="sm">
            {t('vipLink')}
          </Anchor>
        </Alert>
      ) : null}

      {ask.isPending ? (
        <Paper withBorder radius="md" p="lg" role="status" data-testid="ai-thinking">
          <Group gap="sm">
            <Loader size="sm" type="dots" aria-hidden />
            <Text>{t('thinking')}</Text>
          </Group>
        </Paper>
      ) : failed ? (
        <Alert color="red" icon={<IconInfoCircle size={18} aria-hidden />} title={t('failed')}>
          {ask.error.message}
        </Alert>
      ) : shown ? (
        <AiAnswer
          question={shown.question}
          answer={shown.answer}
          onAskAgain={(suggestion) => askAgain(shown.question, suggestion)}
        />
      ) : null}

      {examples.length > 0 ? (
        <Stack gap={6} component="section" aria-labelledby="ai-examples-title">
          <Text fw={600} fz="sm" id="ai-examples-title">
            {t('examplesTitle')}
          </Text>
          <Group gap="xs">
            {examples.map((example) => (
              <UnstyledButton
                key={example}
                onClick={() => {
                  setQuestion(example);
                  input.current?.focus();
                }}
                px="sm"
                py={4}
                fz="sm"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 999 }}
              >
                {example}
              </UnstyledButton>
            ))}
          </Group>
        </Stack>
      ) : null}

      <AiHistory />
    </Stack>
  );
}

/** "2 of 3 free questions left this minute", or the VIP badge and "unlimited". */
function QuotaLine() {
  const { t } = useTranslation('ai');
  const quota = useAiQuota();
  if (!quota.data) return <span />;
  if (quota.data.vip) {
    return (
      <Group gap="xs" data-testid="ai-quota">
        <VipBadge />
        <Text fz="sm">{t('unlimited')}</Text>
      </Group>
    );
  }
  return (
    <Text fz="sm" c="dimmed" data-testid="ai-quota">
      {t('remaining', { remaining: quota.data.remaining ?? 0, limit: quota.data.limit ?? 0 })}
    </Text>
  );
}
