import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLocale,
  entryRedirect,
  htmlLang,
  localeCookie,
  localeFromPath,
  localizePath,
  readLocaleCookie,
  stripLocale,
  writeLocaleCookie,
  type EntryContext,
} from './locale';

describe('localeFromPath', () => {
  it('reads the prefix, defaulting to zh', () => {
    expect(localeFromPath('/')).toBe('zh');
    expect(localeFromPath('/query/baits')).toBe('zh');
    expect(localeFromPath('/zh/query/baits')).toBe('zh');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/guide/fishes')).toBe('en');
    expect(localeFromPath('/ja/user')).toBe('ja');
    expect(localeFromPath('/english')).toBe('zh');
  });
});

describe('stripLocale', () => {
  it('removes the prefix', () => {
    expect(stripLocale('/en/query/baits')).toBe('/query/baits');
    expect(stripLocale('/ja')).toBe('/');
    expect(stripLocale('/zh/')).toBe('/');
    expect(stripLocale('/query/baits')).toBe('/query/baits');
    expect(stripLocale('/')).toBe('/');
  });
});

describe('localizePath', () => {
  it('prefixes en and ja and leaves zh bare', () => {
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/', 'ja')).toBe('/ja');
    expect(localizePath('/', 'zh')).toBe('/');
    expect(localizePath('/query/bait-guide', 'en')).toBe('/en/query/bait-guide');
    expect(localizePath('/query/bait-guide', 'zh')).toBe('/query/bait-guide');
  });

  it('keeps the query string and hash', () => {
    expect(localizePath('/query/baits?letter=B&page=2#list', 'ja')).toBe('/ja/query/baits?letter=B&page=2#list');
    expect(localizePath('/?map=3', 'en')).toBe('/en?map=3');
  });

  it('replaces an existing prefix (language switch) and drops it for zh', () => {
    expect(localizePath('/en/guide/fishes?q=pike', 'ja')).toBe('/ja/guide/fishes?q=pike');
    expect(localizePath('/en/guide/fishes?q=pike', 'zh')).toBe('/guide/fishes?q=pike');
    expect(localizePath('/zh/user', 'en')).toBe('/en/user');
    expect(localizePath('/ja', 'zh')).toBe('/');
  });

  it('leaves anything that is not a site path alone', () => {
    expect(localizePath('https://forum.example.com', 'en')).toBe('https://forum.example.com');
    expect(localizePath('//cdn.example.com/x', 'en')).toBe('//cdn.example.com/x');
    expect(localizePath('relative', 'en')).toBe('relative');
  });
});

describe('locale cookie', () => {
  afterEach(() => {
    document.cookie = 'locale=; Max-Age=0; Path=/';
  });

  it('reads a known locale only', () => {
    expect(readLocaleCookie('a=1; locale=ja; b=2')).toBe('ja');
    expect(readLocaleCookie('locale=fr')).toBeNull();
    expect(readLocaleCookie('')).toBeNull();
  });

  it('is written for 365 days on the whole site, SameSite=Lax', () => {
    expect(localeCookie('en')).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    writeLocaleCookie('en');
    expect(readLocaleCookie(document.cookie)).toBe('en');
  });
});

describe('browserLocale', () => {
  it('takes the first supported language', () => {
    expect(browserLocale(['en-GB', 'zh-CN'])).toBe('en');
    expect(browserLocale(['fr-FR', 'ja-JP'])).toBe('ja');
    expect(browserLocale(['zh-TW'])).toBe('zh');
    expect(browserLocale(['de'])).toBeNull();
  });
});

describe('entryRedirect', () => {
  const visit = (over: Partial<EntryContext>): string | null =>
    entryRedirect({
      pathname: '/',
      search: '',
      hash: '',
      cookie: '',
      languages: ['zh-CN'],
      userAgent: 'Mozilla/5.0',
      ...over,
    });

  it('sends a first visit to / to the cookie language', () => {
    expect(visit({ cookie: 'locale=en' })).toBe('/en');
    expect(visit({ cookie: 'locale=ja', search: '?map=2' })).toBe('/ja?map=2');
  });

  it('lets the cookie win over the browser language', () => {
    expect(visit({ cookie: 'locale=zh', languages: ['en-US'] })).toBeNull();
  });

  it('without a cookie follows an en or ja browser', () => {
    expect(visit({ languages: ['en-US', 'en'] })).toBe('/en');
    expect(visit({ languages: ['ja'] })).toBe('/ja');
    expect(visit({ languages: ['fr-FR'] })).toBeNull();
    expect(visit({ languages: ['zh-CN', 'en'] })).toBeNull();
  });

  it('never moves other pages, prefixed pages or crawlers', () => {
    expect(visit({ pathname: '/query/baits', cookie: 'locale=en' })).toBeNull();
    expect(visit({ pathname: '/zh', cookie: 'locale=en' })).toBeNull();
    expect(visit({ languages: ['en-US'], userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).toBeNull();
  });
});

describe('htmlLang', () => {
  it('marks Chinese as Simplified', () => {
    expect(htmlLang('zh')).toBe('zh-CN');
    expect(htmlLang('en')).toBe('en');
    expect(htmlLang('ja')).toBe('ja');
  });
});
