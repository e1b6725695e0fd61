import { Menu } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../lib/use-locale';
import { EXTRA_ITEMS, MoreTrigger, moreMenuWidget } from './desktop-nav';
import { isActivePath } from './nav-items';

/** The "More" dropdown of the top bar (between `sm` and `lg`). */
export function MoreMenuDropdown({ active, bare }: { active: boolean; bare: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const handover = moreMenuWidget.useHandover();
  const target = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (handover.focus && !handover.open) target.current?.focus();
  }, [handover]);

  return (
    <Menu position="bottom-start" defaultOpened={handover.open}>
      <Menu.Target>
        <MoreTrigger ref={target} active={active} hiddenFrom="lg" />
      </Menu.Target>
      <Menu.Dropdown>
        {EXTRA_ITEMS.map((item) => {
          const current = isActivePath(item.path, bare);
          return (
            <Menu.Item
              key={item.key}
              component={Link}
              to={localePath(item.path)}
              aria-current={current ? 'page' : undefined}
              leftSection={<item.icon size={16} aria-hidden />}
              fw={current ? 600 : undefined}
            >
              {t(`pages.${item.key}.nav`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
