import { Button, Text, type ButtonProps, type ElementProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '#shared/locales';
import { htmlLang } from '#shared/entry-locale';
import { createLazyWidget } from '../lib/lazy-widget';
import { useLocale } from '../lib/use-locale';
import { FlagIcon } from './flag-icon';

/** Each language by its own name (an endonym reads the same whatever the page's language). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { zh: '简体中文', en: 'English', ja: '日本語' };
const SHORT_NAMES: Readonly<Record<Locale, string>> = { zh: '中文', en: 'EN', ja: '日本語' };

/**
 * The menu's trigger: the current language's flag, its short name from `md` up (below, the top bar's links, the alerts'
 * bell and the actions fill the width), a chevron. Its accessible name starts
 * with that short name (WCAG 2.5.3 label in name), so a speech-input user can say what they see.
 */
export function LanguageTrigger(props: ButtonProps & ElementProps<'button'>) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Button
      variant="default"
      size="sm"
      h={34}
      px={8}
      aria-label={t('actions.language', { short: SHORT_NAMES[locale], language: LANGUAGE_NAMES[locale] })}
      title={t('actions.chooseLanguage')}
      leftSection={<FlagIcon locale={locale} />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      styles={{ section: { marginInline: 0 }, label: { paddingInline: 6 } }}
      {...props}
    >
      <Text component="span" fz="sm" fw={500} visibleFrom="md" lang={htmlLang(locale)}>
        {SHORT_NAMES[locale]}
      </Text>
    </Button>
  );
}

export const languageMenuWidget = createLazyWidget(() =>
  import('./language-menu-dropdown').then((module) => module.LanguageMenuDropdown),
);

/**
 * The language menu (docs/product-requirements.md §2). The menu code loads after the first paint; until then its
 * trigger stands in.
 */
export function LanguageMenu() {
  const ready = languageMenuWidget.useReady();
  const placeholder = (
    <LanguageTrigger aria-haspopup="menu" aria-expanded={false} {...languageMenuWidget.placeholderProps} />
  );
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <languageMenuWidget.Lazy />
    </Suspense>
  );
}
