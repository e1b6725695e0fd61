import { EmptyState, Paper, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/session';

/**
 * The personal stats section (spec §2 user stats: today income, today star count, change vs yesterday, recent
 * catches, data after selling). They are built from the catches the bound logger sends; until there are any, an
 * honest empty state rather than made-up numbers.
 */
export function PersonalStats({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="stats-title">
      <Title order={2} fz="lg" id="stats-title">
        {t('myData.statsTitle')}
      </Title>
      <EmptyState
        py="xl"
        icon={<IconChartBar size={32} aria-hidden />}
        withIndicatorBackground
        title={t('myData.statsEmpty')}
        description={user.client_id ? t('myData.statsText') : t('myData.statsBindFirst')}
        maw={560}
        mx="auto"
      />
    </Paper>
  );
}
