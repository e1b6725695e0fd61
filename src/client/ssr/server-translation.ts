/**
 * react-i18next's `useTranslation` for the server render only (decision 0038; the SSR build resolves every
 * `react-i18next` import of the app to this module, `vite.config.ts`). The browser's hook subscribes to language
 * changes, waits for missing texts and wraps the i18n instance anew for every component it renders — one wrapper per
 * component per render, a copy of every property of the instance, which led the render's profile. A server render
 * has every text in memory, one language for the whole render and nothing to subscribe to, so the same translation
 * function serves every component that asks for the same language and namespaces. What it returns is what the
 * browser's hook returns once ready (the same `getFixedT` call), so the markup hydrates without a mismatch.
 */
import { useContext } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { TFunction, i18n as I18n } from 'i18next';

export * from 'react-i18next';

interface Options {
  i18n?: I18n;
  keyPrefix?: string;
  lng?: string;
}

interface UsedNamespaces {
  usedNamespaces: Record<string, boolean>;
  addUsedNamespaces(namespaces: string[]): void;
  getUsedNamespaces(): string[];
}

const translators = new Map<string, TFunction>();

export function useTranslation(ns?: string | readonly string[], options: Options = {}) {
  // The provider's context may carry a default namespace beside the instance (react-i18next's own hook reads it).
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string | readonly string[] } | undefined;
  const i18n = options.i18n ?? context?.i18n ?? getI18n();
  const first = ns ?? context?.defaultNS ?? i18n.options.defaultNS ?? 'translation';
  const namespaces = typeof first === 'string' ? [first] : [...(first as readonly string[])];
  // The render learns which namespaces the page used from this, as it does from the browser's hook (which also makes
  // the record when the instance has none: react-i18next exports no constructor for it).
  const reporting = i18n as Omit<I18n, 'reportNamespaces'> & { reportNamespaces?: UsedNamespaces };
  const report: UsedNamespaces = (reporting.reportNamespaces ??= {
    usedNamespaces: {},
    addUsedNamespaces(used: string[]) {
      for (const name of used) this.usedNamespaces[name] = true;
    },
    getUsedNamespaces() {
      return Object.keys(this.usedNamespaces);
    },
  });
  report.addUsedNamespaces(namespaces);
  const lng = options.lng ?? i18n.language;
  const key = `${lng}\u0000${namespaces.join(',')}\u0000${options.keyPrefix ?? ''}`;
  let t = translators.get(key);
  if (!t) {
    // As the browser's hook in its default namespace mode: the first namespace, the others through `ns:key`.
    t = i18n.getFixedT(lng, namespaces[0]!, options.keyPrefix) as TFunction;
    translators.set(key, t);
  }
  const result = [t, i18n, true] as [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}
