import { Badge, Button, EmptyState, Paper } from '@mantine/core';
import { IconArrowLeft, IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageKey } from '#shared/pages';
import { PAGE_PATHS } from '#shared/pages';
import { useLocalePath } from '../lib/use-locale';
import { PageFrame } from './page-frame';

/** Screens that are built; every other screen is delivered by a later issue. */
type BuiltPage =
  | 'home'
  | 'baitGuide'
  | 'aiChat'
  | 'baits'
  | 'fishes'
  | 'birdLogs'
  | 'officialLogs'
  | 'user'
  | 'login'
  | 'register'
  | 'forgetPwd'
  | 'resetPwd'
  | 'verify'
  | 'profile'
  | 'myData';

/** The screens later issues deliver; each has a title and a "coming soon" line in `common`. */
export type UpcomingPage = Exclude<PageKey, BuiltPage>;

/** A real page frame for a screen that is not built yet: its title and a line on what is coming. No fake data. */
export function ComingSoonPage({ page }: { page: UpcomingPage }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <PageFrame title={t(`pages.${page}.title`)}>
      <Paper withBorder radius="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 40, sm: 56 }}>
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconHourglassHigh size={32} stroke={1.5} aria-hidden />}
          title={
            <Badge variant="light" size="lg">
              {t('comingSoon.badge')}
            </Badge>
          }
          description={t(`pages.${page}.soon`)}
          maw={560}
          mx="auto"
        >
          <EmptyState.Actions>
            <Button
              component={Link}
              to={localePath(PAGE_PATHS.home)}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('comingSoon.home')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </PageFrame>
  );
}
