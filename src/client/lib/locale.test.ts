import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLocale,
  entryRedirect,
  htmlLang,
  localeCookie,
  readLocaleCookie,
  writeLocaleCookie,
  type EntryContext,
} from './locale';

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
