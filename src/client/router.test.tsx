import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGES } from '#shared/pages';
import { initI18n } from './lib/i18n';
import { clearSession, setSession } from './lib/session';
import { routes } from './router';
import { fakeApi, json } from './test/fake-api';
import { renderApp } from './test/render-route';

beforeAll(async () => {
  await initI18n('zh');
});

beforeEach(() => {
  // The page modules of other features may fetch; nothing here needs an answer.
  fakeApi({ '*': () => json({}) });
});

afterEach(() => {
  clearSession();
});

function renderAt(path: string) {
  return renderApp(path).router;
}

describe('app shell routes', () => {
  it('renders a prefix-less page in Chinese with the top-bar links unprefixed', async () => {
    renderAt('/query/bird-logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI 记录' })).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: '主导航' })[0]!;
    expect(within(nav).getByRole('link', { name: '官方记录' }).getAttribute('href')).toBe('/query/official-logs');
    expect(within(nav).getByRole('link', { name: 'AI 记录' }).getAttribute('aria-current')).toBe('page');
    expect(document.documentElement.lang).toBe('zh-CN');
    await waitFor(() => expect(document.title).toBe('AI 记录 · Anglerdex'));
  });

  it('renders /en pages in English with prefixed links, user button and forum link', async () => {
    renderAt('/en/query/bait-guide?fish=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bait guide' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Heat map' }).getAttribute('href')).toBe('/en');
    expect(within(nav).getByRole('link', { name: 'Official records' }).getAttribute('href')).toBe(
      '/en/query/official-logs',
    );
    expect(screen.getByRole('link', { name: 'User centre' }).getAttribute('href')).toBe('/en/user');
    // The worded button from md, its icon alone between sm and md (CSS shows one; jsdom renders both).
    const forums = screen.getAllByRole('link', { name: 'Community forum (opens in a new tab)' });
    expect(forums).toHaveLength(2);
    for (const forum of forums) {
      expect(forum.getAttribute('target')).toBe('_blank');
      expect(forum.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeTruthy();
    // The name starts with the short name the button shows (WCAG 2.5.3).
    const language = screen.getByRole('button', { name: 'EN: change language (current: English)' });
    expect(language.textContent).toBe('EN');
  });

  it('renders /ja and /zh prefixes', async () => {
    renderAt('/ja/user/register');
    expect(await screen.findByRole('heading', { level: 1, name: '新規登録' })).toBeTruthy();
  });

  it('sends a visitor from the user centre to the login page of the same language, with the way back', async () => {
    const router = renderAt('/ja/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ja/user/login');
    expect(router.state.location.search).toBe('?redirect=%2Fja%2Fuser%2Fprofile');
  });

  it("shows the logged-in user's initials and nickname on the user button", async () => {
    setSession({
      token: 'tok',
      userInfo: {
        id: 'u1',
        email: 'angler@example.com',
        is_active: true,
        is_superuser: false,
        is_verified: true,
        nickname: 'Pike Hunter',
        avatar: null,
        bio: '',
        client_id: null,
        vip_expire_at: null,
        is_vip: false,
      },
    });
    renderAt('/en/query/baits');
    const button = await screen.findByRole('link', { name: 'User centre (Pike Hunter)' });
    expect(button.getAttribute('href')).toBe('/en/user');
    expect(button.textContent).toContain('PH');
    expect(button.textContent).toContain('Pike Hunter');
  });

  it('has a route for every page, the bait, fish and map pages and the shared collections, in every prefix', () => {
    const root = routes[0]!.children![0]!.children!;
    const bare = root.filter((r) => r.index || (r.path && !['zh', 'en', 'ja', '*'].includes(r.path)));
    const paths = [
      ...PAGES.filter((page) => page.path !== '/').map((page) => page.path.slice(1)),
      'query/baits/:ref',
      'guide/fishes/:ref',
      'maps/:ref',
      'collection/:shareId',
    ];
    expect(bare.filter((r) => !r.index).map((r) => r.path)).toEqual(paths);
    expect(bare.filter((r) => r.index)).toHaveLength(1);
    for (const prefix of ['zh', 'en', 'ja']) {
      expect(root.find((r) => r.path === prefix)?.children).toHaveLength(PAGES.length + 4);
    }
  });

  it('shows the not-found page with a link home in the current language', async () => {
    renderAt('/en/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Click to return to the homepage' }).getAttribute('href')).toBe('/en');
  });
});
