import { Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconExternalLink, IconUserCircle, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { stripLocale } from '#shared/locales';
import { PAGE_PATHS } from '#shared/pages';
import { forumUrl } from '../lib/forum-url';
import { useLocalePath } from '../lib/use-locale';
import { BrandLogo } from './brand-logo';
import { MOBILE_NAV_ID, NAV_ITEMS, isActivePath } from './nav-items';

/** Below `sm` the links collapse into this drawer, opened by the burger in the top bar (loaded lazily by the shell). */
export function MobileNav({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const bare = stripLocale(useLocation().pathname);

  return (
    <Drawer
      id={MOBILE_NAV_ID}
      opened={opened}
      onClose={onClose}
      size={300}
      padding="md"
      hiddenFrom="sm"
      title={<BrandLogo onClick={onClose} />}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack component="nav" aria-label={t('nav.primary')} gap={4}>
        {NAV_ITEMS.map((item) => {
          const active = isActivePath(item.path, bare);
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={localePath(item.path)}
              onClick={onClose}
              active={active}
              aria-current={active ? 'page' : undefined}
              label={t(`pages.${item.key}.nav`)}
              leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
              variant="light"
              styles={{
                root: { borderRadius: 'var(--mantine-radius-md)' },
                label: { fontSize: 'var(--mantine-font-size-md)' },
              }}
            />
          );
        })}
        <Divider my="xs" />
        <NavLink
          component={Link}
          to={localePath(PAGE_PATHS.user)}
          onClick={onClose}
          active={isActivePath(PAGE_PATHS.user, bare)}
          label={t('actions.userCentre')}
          leftSection={<IconUserCircle size={20} stroke={1.6} aria-hidden />}
          variant="light"
          styles={{
            root: { borderRadius: 'var(--mantine-radius-md)' },
            label: { fontSize: 'var(--mantine-font-size-md)' },
          }}
        />
        <NavLink
          component="a"
          href={forumUrl()}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
          aria-label={t('actions.forumNewTab')}
          label={t('actions.forum')}
          leftSection={<IconUsersGroup size={20} stroke={1.6} aria-hidden />}
          rightSection={<IconExternalLink size={16} stroke={1.6} aria-hidden />}
          variant="light"
          styles={{
            root: { borderRadius: 'var(--mantine-radius-md)' },
            label: { fontSize: 'var(--mantine-font-size-md)' },
          }}
        />
      </Stack>
    </Drawer>
  );
}
