import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDateFormat } from '../../../lib/format-date';
import { loginPathFor, useSession } from '../../../lib/session';
import { useAiHistory } from '../api/ai-queries';

/** How many of the recent questions the page lists (the API keeps more for the user's own review). */
const SHOWN = 5;

/** The signed-in user's recent questions (newest first); a visitor is offered the login that keeps them. */
export function AiHistory() {
  const { t } = useTranslation('ai');
  const dates = useDateFormat();
  const { loggedIn } = useSession();
  const history = useAiHistory();
  const location = useLocation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="ai-history-title">
      <Title order={2} fz="lg" id="ai-history-title">
        {t('historyTitle')}
      </Title>
      {!loggedIn ? (
        <Text c="dimmed" fz="sm">
          {t('historyLogin')}{' '}
          <Anchor component={Link} to={loginPathFor(`${location.pathname}${location.search}`)}>
            {t('login')}
          </Anchor>
        </Text>
      ) : history.data && history.data.items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('historyEmpty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="ai-history">
          {history.data?.items.slice(0, SHOWN).map((item) => (
            <Paper key={item.id} withBorder radius="md" p="sm">
              <Text fw={600} fz="sm">
                {item.question}
              </Text>
              <Text c="dimmed" fz="sm" lineClamp={2} mt={2}>
                {item.answer}
              </Text>
              <Text c="dimmed" fz="xs" mt={4}>
                {dates.dateTime(item.created_at)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
