import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AskResponse } from '#shared/contracts/ai';
import { PAGE_PATHS } from '#shared/pages';
import { useLocalePath } from '../../../lib/use-locale';

interface AiAnswerProps {
  question: string;
  answer: AskResponse;
  /** Asks the question again with a suggested name in place of the one mistyped ("did you mean"). */
  onAskAgain: (suggestion: string) => void;
}

/**
 * One answer: the question asked, the answer (the built-in answer is its facts, one a line; a model's answer is its
 * text with the facts it was given listed below), which engine wrote it (only when it rests on facts), links to the
 * pages that show more, and when no fish was recognised, the close names as buttons that ask again with the name
 * corrected.
 */
export function AiAnswer({ question, answer, onAskAgain }: AiAnswerProps) {
  const { t } = useTranslation('ai');
  const localePath = useLocalePath();
  const lines = answer.engine === 'openai' || answer.facts.length === 0 ? answer.answer.split('\n') : [];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="ai-answer" aria-live="polite">
      <Stack gap="sm">
        <Text c="dimmed" fz="sm">
          {t('youAsked')}{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {question}
          </Text>
        </Text>
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {t('answerTitle')}
          </Title>
          {/* Only an answer built from facts is "from our data"; a scope or no-fish answer has none to show. */}
          {answer.facts.length > 0 ? (
            <Badge variant="light" color={answer.engine === 'openai' ? 'grape' : 'teal'}>
              {t(`engine.${answer.engine}`)}
            </Badge>
          ) : null}
        </Group>
        {lines.map((line, i) => (
          <Text key={i} style={{ whiteSpace: 'pre-wrap' }}>
            {line}
          </Text>
        ))}
        {answer.facts.length > 0 ? (
          <Stack gap={4}>
            {answer.engine === 'openai' ? (
              <Text fw={600} fz="sm">
                {t('factsTitle')}
              </Text>
            ) : null}
            <List spacing={6} fz={answer.engine === 'openai' ? 'sm' : undefined}>
              {answer.facts.map((fact, i) => (
                <List.Item key={i}>{fact.text}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {answer.suggestions.length > 0 ? (
          <Group gap="xs" data-testid="ai-suggestions">
            <Text fw={600} fz="sm">
              {t('suggestions.didYouMean')}
            </Text>
            {answer.suggestions.map((name) => (
              <Button
                key={name}
                size="compact-sm"
                variant="light"
                aria-label={t('suggestions.askAgain', { name })}
                onClick={() => onAskAgain(name)}
              >
                {name}
              </Button>
            ))}
          </Group>
        ) : null}
        {answer.links.length > 0 ? (
          <Stack gap={4}>
            <Text fw={600} fz="sm">
              {t('linksTitle')}
            </Text>
            <Group gap="md">
              {answer.links.map((link) => (
                <Anchor
                  key={`${link.page}${link.search}`}
                  component={Link}
                  to={`${localePath(PAGE_PATHS[link.page])}${link.search}`}
                  fz="sm"
                >
                  <Group gap={4} wrap="nowrap" component="span">
                    {link.label}
                    <IconArrowRight size={14} aria-hidden />
                  </Group>
                </Anchor>
              ))}
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
