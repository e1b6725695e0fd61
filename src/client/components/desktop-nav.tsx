import { Button, Group, type ButtonProps, type ElementProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { stripLocale } from '#shared/locales';
import { createLazyWidget } from '../lib/lazy-widget';
import { useLocalePath } from '../lib/use-locale';
import { NAV_ITEMS, isActivePath } from './nav-items';

export const EXTRA_ITEMS = NAV_ITEMS.filter((item) => !item.primary);

/** Shared look of the top-bar links, so the "More" trigger matches them. */
function navButtonProps(active: boolean) {
  return {
    variant: active ? 'light' : 'subtle',
    color: active ? undefined : 'gray',
    size: 'compact-md',
    fw: active ? 600 : 500,
    // Tighter between sm and md (app.css).
    className: 'top-bar-link',
  } as const;
}

/** "More": the pages that do not fit inline between `sm` and `lg`. */
export function MoreTrigger({ active, ...props }: { active: boolean } & ButtonProps & ElementProps<'button'>) {
  const { t } = useTranslation();
  return (
    <Button {...navButtonProps(active)} rightSection={<IconChevronDown size={14} aria-hidden />} {...props}>
      {t('nav.more')}
    </Button>
  );
}

export const moreMenuWidget = createLazyWidget(() =>
  import('./more-menu-dropdown').then((module) => module.MoreMenuDropdown),
);

/**
 * The top-bar links from `sm` up. The spec's four links always show; the other pages show inline from `lg` and
 * under "More" between `sm` and `lg`, where seven labels would not fit (English labels are long).
 */
export function DesktopNav() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const bare = stripLocale(useLocation().pathname);
  const extraActive = EXTRA_ITEMS.some((item) => isActivePath(item.path, bare));
  const moreReady = moreMenuWidget.useReady();
  const morePlaceholder = (
    <MoreTrigger
      active={extraActive}
      hiddenFrom="lg"
      aria-haspopup="menu"
      aria-expanded={false}
      {...moreMenuWidget.placeholderProps}
    />
  );

  return (
    <Group component="nav" aria-label={t('nav.primary')} gap={2} wrap="nowrap" visibleFrom="sm">
      {NAV_ITEMS.map((item) => {
        const active = isActivePath(item.path, bare);
        return (
          <Button
            key={item.key}
            component={Link}
            to={localePath(item.path)}
            aria-current={active ? 'page' : undefined}
            {...navButtonProps(active)}
            visibleFrom={item.primary ? undefined : 'lg'}
          >
            {t(`pages.${item.key}.nav`)}
          </Button>
        );
      })}
      {moreReady ? (
        <Suspense fallback={morePlaceholder}>
          <moreMenuWidget.Lazy active={extraActive} bare={bare} />
        </Suspense>
      ) : (
        morePlaceholder
      )}
    </Group>
  );
}
