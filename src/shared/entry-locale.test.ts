import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  entryRedirect,
  htmlLang,
  isBotUserAgent,
  readLocaleCookie,
  type EntryContext,
} from './entry-locale';

describe('readLocaleCookie', () => {
  it('reads a known locale only', () => {
    expect(readLocaleCookie('a=1; locale=ja; b=2')).toBe('ja');
    expect(readLocaleCookie('locale=fr')).toBeNull();
    expect(readLocaleCookie('locale=%E0%A4%A')).toBeNull();
    expect(readLocaleCookie('')).toBeNull();
  });
});

describe('acceptedLanguages', () => {
  it('orders the tags by weight, then as written', () => {
    expect(acceptedLanguages('zh;q=0.5, en-GB, ja;q=0.8')).toEqual(['en-GB', 'ja', 'zh']);
    expect(acceptedLanguages('fr, *;q=0.1, de;q=0')).toEqual(['fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('isBotUserAgent', () => {
  it('knows crawlers and link previews, not browsers', () => {
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBotUserAgent('facebookexternalhit/1.1')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36')).toBe(false);
    expect(isBotUserAgent(undefined)).toBe(false);
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
