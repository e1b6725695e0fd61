/**
 * The translations the journeys expect, read from the app's own locale files so a reworded label changes the test's
 * expectation with it (and a missing translation still fails the journey).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Account from '../../src/client/locales/zh/account.json';
import type Admin from '../../src/client/locales/zh/admin.json';
import type Alerts from '../../src/client/locales/zh/alerts.json';
import type Baits from '../../src/client/locales/zh/baits.json';
import type CatalogueAdmin from '../../src/client/locales/zh/catalogue-admin.json';
import type Common from '../../src/client/locales/zh/common.json';
import type Fish from '../../src/client/locales/zh/fish.json';
import type Fishes from '../../src/client/locales/zh/fishes.json';
import type Heatmap from '../../src/client/locales/zh/heatmap.json';
import type Map from '../../src/client/locales/zh/map.json';
import type Vip from '../../src/client/locales/zh/vip.json';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/client/locales');

function load<T>(locale: string, namespace: string): T {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8')) as T;
}

export type TestLocale = 'zh' | 'en' | 'ja';

export function texts(locale: TestLocale) {
  return {
    common: load<typeof Common>(locale, 'common'),
    account: load<typeof Account>(locale, 'account'),
    admin: load<typeof Admin>(locale, 'admin'),
    baits: load<typeof Baits>(locale, 'baits'),
    catalogueAdmin: load<typeof CatalogueAdmin>(locale, 'catalogue-admin'),
    fishes: load<typeof Fishes>(locale, 'fishes'),
    fish: load<typeof Fish>(locale, 'fish'),
    map: load<typeof Map>(locale, 'map'),
    heatmap: load<typeof Heatmap>(locale, 'heatmap'),
    vip: load<typeof Vip>(locale, 'vip'),
    alerts: load<typeof Alerts>(locale, 'alerts'),
  };
}

/** i18next interpolation, enough for the `{{name}}` placeholders the journeys need. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
