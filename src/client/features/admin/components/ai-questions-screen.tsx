import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Grid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMessageCircleQuestion, IconPlus, IconTagOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_QUESTION_KINDS, FISH_ALIAS_MAX } from '#shared/admin-rules';
import type { AdminAiQuestion, FishAlias } from '#shared/contracts/admin';
import { ListEmptyState } from '../../../components/list-empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { useBaseConfig } from '../../../lib/base-config';
import { formatDateTime } from '../../../lib/format-date';
import { parseOneOf, parsePage, setParam, useSearch } from '../../../lib/search-params';
import { toast } from '../../../lib/toast';
import { useDisplayName } from '../../../lib/use-display-name';
import { useAddAlias, useAiQuestions, useFishAliases, useRemoveAlias } from '../api/admin-queries';
import { ConfirmAction } from './confirm-action';
import { Pager } from './pager';

/**
 * The AI chat's questions that named no known fish or got no facts (kind and page in the URL), and the fish aliases
 * that teach the chat a player's name for a fish.
 */
export function AiQuestionsScreen() {
  const { t } = useTranslation('admin');
  const [params, edit] = useSearch();
  const kind = parseOneOf(params.get('kind'), AI_QUESTION_KINDS) ?? 'unanswered';
  const page = parsePage(params.get('page'));
  const questions = useAiQuestions({ kind, page });
  const [aliasFor, setAliasFor] = useState<AdminAiQuestion | 'new' | null>(null);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="questions-title"
        >
          <Title order={2} fz="lg" id="questions-title" mb="sm">
            {t('ai.questionsTitle')}
          </Title>
          <SegmentedControl
            fullWidth
            mb="md"
            value={kind}
            onChange={(value) =>
              edit((next) => {
                setParam(next, 'kind', value === 'unanswered' ? null : value);
                setParam(next, 'page', null);
              })
            }
            data={AI_QUESTION_KINDS.map((value) => ({ value, label: t(`ai.kind.${value}`) }))}
            aria-label={t('ai.kindLabel')}
          />
          <Stack gap="sm" data-testid="ai-questions">
            {questions.isPending ? <LoadingState>{t('ai.loading')}</LoadingState> : null}
            {questions.isError ? (
              <LoadFailedAlert
                title={t('ai.loadFailed')}
                retryLabel={t('list.retry')}
                onRetry={() => void questions.refetch()}
              />
            ) : null}
            {questions.data?.items.length === 0 ? (
              <ListEmptyState icon={IconMessageCircleQuestion} title={t('ai.none')} />
            ) : null}
            {questions.data?.items.map((question) => (
              <QuestionCard key={question.id} question={question} onAlias={() => setAliasFor(question)} />
            ))}
          </Stack>
          {questions.data ? (
            <Pager
              total={questions.data.total}
              page={page}
              onPage={(next) => edit((p) => setParam(p, 'page', next > 1 ? next : null))}
            />
          ) : null}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <AliasList onAdd={() => setAliasFor('new')} />
      </Grid.Col>
      {aliasFor ? (
        <AliasDialog question={aliasFor === 'new' ? null : aliasFor} onClose={() => setAliasFor(null)} />
      ) : null}
    </Grid>
  );
}

function QuestionCard({ question, onAlias }: { question: AdminAiQuestion; onAlias: () => void }) {
  const { t } = useTranslation('admin');
  const { fishById } = useBaseConfig();
  const name = useDisplayName();
  const fishNow = fishById(question.fish_now);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="ai-question">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          {/* Spans: a bold paragraph over another reads to assistive technology as a heading. */}
          <Text component="span" display="block" fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {question.question}
          </Text>
          <Text component="span" size="xs" c="dimmed" lineClamp={2}>
            {question.answer}
          </Text>
          <Group gap={6}>
            <Badge size="xs" variant="outline" color="gray">
              {question.language}
            </Badge>
            <Badge size="xs" variant="light" color={question.fish_id === null ? 'red' : 'blue'}>
              {question.fish_id === null ? t('ai.noFish') : t('ai.noFacts')}
            </Badge>
            <Text size="xs" c="dimmed">
              {t(`ai.askedBy.${question.asked_by}`)} · {formatDateTime(question.created_at)}
            </Text>
          </Group>
          {fishNow && question.fish_id === null ? (
            <Text size="xs" c="teal" fw={600} data-testid="fish-now">
              {t('ai.knownNow', { fish: name(fishNow) })}
            </Text>
          ) : null}
        </Stack>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAlias}
          style={{ flexShrink: 0 }}
        >
          {t('ai.addAlias')}
        </Button>
      </Group>
    </Paper>
  );
}

function AliasList({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation('admin');
  const aliases = useFishAliases();
  const { fishById } = useBaseConfig();
  const name = useDisplayName();
  const remove = useRemoveAlias();
  const [removing, setRemoving] = useState<FishAlias | null>(null);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="aliases-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="aliases-title">
          {t('ai.aliasesTitle')}
        </Title>
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
          {t('ai.newAlias')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ai.aliasesIntro')}
      </Text>
      {aliases.isPending ? <LoadingState>{t('ai.loadingAliases')}</LoadingState> : null}
      {aliases.isError ? (
        <LoadFailedAlert
          title={t('ai.loadFailed')}
          retryLabel={t('list.retry')}
          onRetry={() => void aliases.refetch()}
        />
      ) : null}
      {aliases.data?.items.length === 0 ? <ListEmptyState icon={IconTagOff} title={t('ai.noAliases')} /> : null}
      <Stack gap={6} data-testid="alias-list">
        {aliases.data?.items.map((alias) => {
          const fish = fishById(alias.fish_id);
          return (
            <Group key={alias.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600}>
                  {alias.alias}
                </Text>{' '}
                → {fish ? name(fish) : alias.fish_id}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => setRemoving(alias)}
                aria-label={t('ai.removeLabel', { alias: alias.alias })}
              >
                <IconX size={14} aria-hidden />
              </Button>
            </Group>
          );
        })}
      </Stack>
      <ConfirmAction
        opened={removing !== null}
        title={t('ai.removeTitle', { alias: removing?.alias ?? '' })}
        confirmLabel={t('ai.remove')}
        color="red"
        onClose={() => setRemoving(null)}
        onConfirm={({ reason }) =>
          remove
            .mutateAsync({ id: removing!.id, reason: reason || undefined })
            .then(() => toast.success(t('ai.removed')))
        }
      />
    </Paper>
  );
}

function AliasDialog({ question, onClose }: { question: AdminAiQuestion | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { fish } = useBaseConfig();
  const name = useDisplayName();
  const add = useAddAlias();
  const [fishId, setFishId] = useState<string | null>(question?.fish_id ? String(question.fish_id) : null);
  const [alias, setAlias] = useState('');
  return (
    <ConfirmAction
      opened
      title={t('ai.aliasTitle')}
      confirmLabel={t('ai.addAlias')}
      onClose={onClose}
      onConfirm={({ reason }) => {
        if (!fishId || !alias.trim()) return Promise.reject(new Error(t('ai.aliasIncomplete')));
        return add
          .mutateAsync({ fish_id: Number(fishId), alias: alias.trim(), reason: reason || undefined })
          .then(() => toast.success(t('ai.added', { alias: alias.trim() })));
      }}
    >
      {question ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('ai.fromQuestion')}: “{question.question}”
        </Text>
      ) : null}
      <Text size="sm">{t('ai.aliasText')}</Text>
      <TextInput
        label={t('ai.alias')}
        value={alias}
        onChange={(event) => setAlias(event.currentTarget.value)}
        maxLength={FISH_ALIAS_MAX}
        required
        data-autofocus
      />
      <Select
        label={t('ai.fish')}
        data={fish.map((item) => ({ value: String(item.id), label: name(item) }))}
        value={fishId}
        onChange={setFishId}
        searchable
        required
        comboboxProps={{ withinPortal: true }}
      />
    </ConfirmAction>
  );
}
