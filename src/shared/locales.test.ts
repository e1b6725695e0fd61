import { describe, expect, it } from 'vitest';
import { localeFromPath, localePath, stripLocale } from './locales';

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
  it('removes a known prefix only', () => {
    expect(stripLocale('/en/query/baits')).toBe('/query/baits');
    expect(stripLocale('/ja')).toBe('/');
    expect(stripLocale('/zh/')).toBe('/');
    expect(stripLocale('/query/baits')).toBe('/query/baits');
    expect(stripLocale('/english/x')).toBe('/english/x');
    expect(stripLocale('/')).toBe('/');
  });
});

describe('localePath', () => {
  it('prefixes en and ja, never zh, and writes the home page without a trailing slash', () => {
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('ja', '/')).toBe('/ja');
    expect(localePath('zh', '/')).toBe('/');
    expect(localePath('en', '/query/bait-guide')).toBe('/en/query/bait-guide');
    expect(localePath('zh', '/query/bait-guide')).toBe('/query/bait-guide');
  });

  it('keeps the query string and the hash', () => {
    expect(localePath('ja', '/query/baits?letter=B&page=2#list')).toBe('/ja/query/baits?letter=B&page=2#list');
    expect(localePath('en', '/?map=3')).toBe('/en?map=3');
    expect(localePath('en', '/user/reset-pwd?token=a%2Bb')).toBe('/en/user/reset-pwd?token=a%2Bb');
  });

  it('replaces an existing prefix', () => {
    expect(localePath('ja', '/en/guide/fishes?q=pike')).toBe('/ja/guide/fishes?q=pike');
    expect(localePath('zh', '/en/guide/fishes?q=pike')).toBe('/guide/fishes?q=pike');
    expect(localePath('en', '/zh/user')).toBe('/en/user');
    expect(localePath('zh', '/ja')).toBe('/');
  });

  it('leaves other origins and relative paths alone', () => {
    expect(localePath('en', 'https://forum.example.com')).toBe('https://forum.example.com');
    expect(localePath('en', '//cdn.example.com/x')).toBe('//cdn.example.com/x');
    expect(localePath('en', 'relative')).toBe('relative');
  });
});
