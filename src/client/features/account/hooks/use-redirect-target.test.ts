import { describe, expect, it } from 'vitest';
import { safeRedirect } from './use-redirect-target';

describe('safeRedirect', () => {
  it('follows paths on this site, with their query and hash', () => {
    expect(safeRedirect('/en/user/orders')).toBe('/en/user/orders');
    expect(safeRedirect('/query/baits?letter=Q#list')).toBe('/query/baits?letter=Q#list');
    expect(safeRedirect('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'user/profile',
      '/\tevil',
      '/%0d',
    ]) {
      expect(safeRedirect(value), String(value)).toBe(value === '/%0d' ? '/%0d' : null);
    }
  });

  it('refuses the login and register pages (no loop back into the form)', () => {
    expect(safeRedirect('/user/login')).toBeNull();
    expect(safeRedirect('/en/user/login?redirect=%2F')).toBeNull();
    expect(safeRedirect('/ja/user/register/')).toBeNull();
  });
});
