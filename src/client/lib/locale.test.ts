import { afterEach, describe, expect, it } from 'vitest';
import { readLocaleCookie } from '#shared/entry-locale';
import { localeCookie, writeLocaleCookie } from './locale';

describe('locale cookie', () => {
  afterEach(() => {
    document.cookie = 'locale=; Max-Age=0; Path=/';
  });

  it('is written for 365 days on the whole site, SameSite=Lax', () => {
    expect(localeCookie('en')).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    writeLocaleCookie('en');
    expect(readLocaleCookie(document.cookie)).toBe('en');
  });
});
