import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LOCALES, localePath } from '#shared/locales';
import { htmlLang } from '#shared/entry-locale';
import { writeLocaleCookie } from '../lib/locale';
import { useLocale } from '../lib/use-locale';
import { FlagIcon } from './flag-icon';
import { LANGUAGE_NAMES, LanguageTrigger, languageMenuWidget } from './language-menu';
import { DROPDOWN_OFFSET } from './theme';

/**
 * Switching keeps the page, its query string and hash and changes only the route's prefix (zh has none); the choice
 * is remembered in the `locale` cookie (365 days) for the next visit to `/`.
 */
export function LanguageMenuDropdown() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  const handover = languageMenuWidget.useHandover();
  const target = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (handover.focus && !handover.open) target.current?.focus();
  }, [handover]);

  return (
    <Menu position="bottom-end" offset={DROPDOWN_OFFSET} width={184} defaultOpened={handover.open}>
      <Menu.Target>
        <LanguageTrigger ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('actions.chooseLanguage')}</Menu.Label>
        {LOCALES.map((option) => (
          <Menu.Item
            key={option}
            component={Link}
            to={localePath(option, here)}
            onClick={() => writeLocaleCookie(option)}
            lang={htmlLang(option)}
            hrefLang={htmlLang(option)}
            aria-current={option === locale ? 'true' : undefined}
            leftSection={<FlagIcon locale={option} />}
            rightSection={option === locale ? <IconCheck size={16} aria-hidden /> : null}
            fw={option === locale ? 600 : undefined}
          >
            {LANGUAGE_NAMES[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
