/**
 * react-i18next setup. Resources live in `src/client/locales/{zh,en,ja}/<namespace>.json`; each file is its own chunk,
 * fetched only when a page of that language asks for that namespace, so a visitor downloads one language only.
 * `common` holds the shell's texts; features bring their own namespace (`useTranslation('baits')`), which suspends
 * until it is loaded (the shell wraps pages in Suspense).
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { htmlLang } from '#shared/entry-locale';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '#shared/locales';

const DEFAULT_NAMESPACE = 'common';

const resources = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

/** Loads `locales/<lng>/<ns>.json` through a dynamic import (Vite turns each file into a chunk). */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = resources[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();
i18n.use(lazyBackend).use(initReactI18next);

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined' && isLocale(language)) document.documentElement.lang = htmlLang(language);
});

let initialised: Promise<unknown> | null = null;

/** Starts i18n in `locale` and resolves once the `common` texts are loaded; later calls switch the language. */
export function initI18n(locale: Locale = DEFAULT_LOCALE): Promise<unknown> {
  if (!initialised) {
    initialised = i18n.init({
      lng: locale,
      supportedLngs: [...LOCALES],
      // The i18n check guarantees complete translations, so no fallback language is downloaded alongside.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      showSupportNotice: false,
      react: { useSuspense: true },
    });
    return initialised;
  }
  return initialised.then(() => changeLocale(locale));
}

/** Resolves once i18n has started (texts of the first language loaded); at once if it was never started. */
export function whenI18nReady(): Promise<unknown> {
  return initialised ?? Promise.resolve();
}

/** Switches the language, loading its resources for every namespace in use first. */
function changeLocale(locale: Locale): Promise<unknown> {
  if (i18n.language === locale) return Promise.resolve();
  return i18n.changeLanguage(locale);
}
