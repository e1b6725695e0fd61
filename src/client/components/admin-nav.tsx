import { Box, Button, Group } from '@mantine/core';
import {
  IconBroadcast,
  IconClipboardList,
  IconDatabaseEdit,
  IconFish,
  IconGauge,
  IconMessageQuestion,
  IconStack2,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { stripLocale } from '#shared/locales';
import { PAGE_PATHS, type PageKey } from '#shared/pages';
import { useLocalePath } from '../lib/use-locale';

/**
 * The screens of the moderation console (issue 24), in the order an operator goes through them; the catalogue's own
 * page (issue 21) is one of them. Shared UI (components/), since the console's pages and the catalogue page belong to
 * two features.
 */
const ADMIN_SCREENS: { key: PageKey; icon: typeof IconGauge }[] = [
  { key: 'adminOverview', icon: IconGauge },
  { key: 'adminUsers', icon: IconUsers },
  { key: 'adminCatches', icon: IconFish },
  { key: 'adminRecords', icon: IconDatabaseEdit },
  { key: 'adminAiQuestions', icon: IconMessageQuestion },
  { key: 'adminLoggers', icon: IconBroadcast },
  { key: 'adminAudit', icon: IconClipboardList },
  { key: 'adminCatalogue', icon: IconStack2 },
];

/** The console's navigation: one row of links, scrolled sideways on a phone rather than wrapped. */
export function AdminNav() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const here = stripLocale(useLocation().pathname);
  return (
    <Box component="nav" aria-label={t('adminNav.label')} mb="lg" style={{ overflowX: 'auto' }} data-testid="admin-nav">
      <Group gap={6} wrap="nowrap" pb={4}>
        {ADMIN_SCREENS.map(({ key, icon: Icon }) => {
          const path = PAGE_PATHS[key];
          const active = here === path;
          return (
            <Button
              key={key}
              component={Link}
              to={localePath(path)}
              variant={active ? 'filled' : 'light'}
              color={active ? undefined : 'gray'}
              size="compact-md"
              leftSection={<Icon size={16} aria-hidden />}
              aria-current={active ? 'page' : undefined}
              style={{ flexShrink: 0 }}
            >
              {t(`adminNav.${key}`)}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}
