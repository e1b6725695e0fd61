import { Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo';
import { DesktopNav } from './desktop-nav';
import { HeaderActions } from './header-actions';
import { MOBILE_NAV_ID } from './nav-items';

/**
 * The top bar (docs/product-requirements.md §2): logo, page links (a burger below `sm`), user, forum, colour scheme and
 * language.
 */
export function TopBar({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={menuOpened}
          aria-controls={MOBILE_NAV_ID}
        />
        <BrandLogo compact />
        <DesktopNav />
      </Group>
      <HeaderActions />
    </Group>
  );
}
