import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Alert, FollowList } from '#shared/contracts/alerts';
import { loadBaseConfig, resetBaseConfig } from '../lib/base-config';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import en from '../locales/en/alerts.json';
import { FollowButton } from '../features/alerts/components/follow-button';
import { CATEGORY_LIST } from '../test/fixtures/catalogue';
import { USER } from '../test/fixtures/users';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as AlertsPage } from './alerts-page';
import { Component as UnsubscribePage } from './alerts-unsubscribe-page';

const VIP = { ...USER, is_verified: true, is_vip: true, vip_expire_at: '2099-01-01T00:00:00.000Z' };
const SETTINGS = { active: true, emails: true, email_verified: true, follow_limit: 20 };
const FOLLOWS: FollowList = {
  items: [{ id: 5, fish_id: 10, map_id: null, created_at: '2026-03-01T10:00:00.000Z' }],
  settings: SETTINGS,
};
const ALERTS: Alert[] = [
  {
    id: 31,
    kind: 'trophy',
    fish_id: 10,
    map_id: null,
    entered_bait_ids: [],
    top_bait_ids: [],
    trophy: { map_id: 1, star_type: 452, weight: 4250, caught_at: '2026-03-02T09:00:00.000Z' },
    created_at: '2026-03-02T09:01:00.000Z',
    read_at: null,
  },
  {
    id: 30,
    kind: 'top_bait',
    fish_id: 10,
    map_id: 1,
    entered_bait_ids: [101],
    top_bait_ids: [101, 100],
    trophy: null,
    created_at: '2026-03-01T12:00:00.000Z',
    read_at: '2026-03-01T13:00:00.000Z',
  },
];

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['alerts', 'account']);
});

let api: ReturnType<typeof fakeApi>;
let follows: FollowList;
let unread: number;

beforeEach(async () => {
  follows = structuredClone(FOLLOWS);
  unread = 1;
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    'GET /api/users/me': () => json(VIP),
    'GET /api/alerts/follows': () => json(follows),
    'GET /api/alerts': () => json({ items: ALERTS, total: 2, page: 1, page_size: 20, unread }),
    'POST /api/alerts/read': () => {
      unread = 0;
      return json({ unread });
    },
    'DELETE /api/alerts/follows/5': () => {
      follows.items = [];
      return new Response(null, { status: 204 });
    },
    'POST /api/alerts/follows': (request) => {
      const body = request.json as { fish_id: number; map_id: number | null };
      const made = { id: 6, fish_id: body.fish_id, map_id: body.map_id, created_at: '2026-03-03T00:00:00.000Z' };
      follows.items.unshift(made);
      return json(made, 201);
    },
  });
  resetBaseConfig();
  await loadBaseConfig();
});

afterEach(() => {
  clearSession();
});

describe('My alerts', () => {
  it('shows the settings, the followed fish and the alerts in words, and marks them all read', async () => {
    setSession({ token: 'tok', userInfo: VIP });
    renderRoute(<AlertsPage />, { path: '/en/user/alerts' });

    const followed = await screen.findByTestId('followed-fish');
    expect(within(followed).getByRole('link', { name: 'Northern Pike' }).getAttribute('href')).toBe(
      '/en/query/bait-guide?fish_id=10',
    );
    expect(screen.getByText(en.settings.active)).toBeTruthy();
    expect(
      await screen.findByText(
        'A trophy-class Northern Pike (Super rare blue crown, 4.25 kg) was logged on Amber Lake.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Bread entered the top three baits for Northern Pike (Amber Lake).')).toBeTruthy();
    expect(screen.getByText('Top three now: 1. Bread, 2. Worm')).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en.list.markAllRead }));
    await waitFor(() => expect(api.to('POST', '/api/alerts/read')).toHaveLength(1));
    expect(api.to('POST', '/api/alerts/read')[0]!.json).toEqual({});
    await waitFor(() => expect(screen.queryByText('1 unread')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Unfollow Northern Pike (all maps)' }));
    await waitFor(() => expect(screen.queryByTestId('followed-fish')).toBeNull());
    expect(screen.getByText(en.follows.empty, { exact: false })).toBeTruthy();
  });

  it('says the follows are dormant without an active membership, with the way to renew', async () => {
    setSession({ token: 'tok', userInfo: { ...USER, is_verified: false } });
    follows.settings = { ...SETTINGS, active: false, email_verified: false };
    renderRoute(<AlertsPage />, { path: '/en/user/alerts' });
    expect(await screen.findByText(en.settings.dormantTitle)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.settings.getVip }).getAttribute('href')).toBe('/en/vip/buy');
    expect(screen.getByText(en.settings.unverified)).toBeTruthy();
  });
});

describe('the Follow button', () => {
  it('follows the fish and map shown for a VIP member, then shows Following', async () => {
    setSession({ token: 'tok', userInfo: VIP });
    renderRoute(<FollowButton fishId={11} mapId={2} fishName="Perch" mapName="Birch River" />, { path: '/en/x' });
    const button = await screen.findByRole('button', { name: en.follow.follow });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: en.follow.following })).toBeTruthy());
    expect(api.to('POST', '/api/alerts/follows')[0]!.json).toEqual({ fish_id: 11, map_id: 2 });
    expect(shownToasts()).toContainEqual(expect.objectContaining({ title: 'Following Perch on Birch River' }));
  });

  it('tells anyone else that alerts are a VIP benefit, with the way to VIP, and asks nothing', async () => {
    setSession({ token: 'tok', userInfo: USER });
    renderRoute(<FollowButton fishId={11} mapId={null} fishName="Perch" mapName={null} />, { path: '/en/x' });
    fireEvent.click(await screen.findByRole('button', { name: en.follow.follow }));
    expect(await screen.findByText(en.follow.vipTitle)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.follow.getVip }).getAttribute('href')).toBe('/en/vip/buy');
    expect(api.to('GET', '/api/alerts/follows')).toEqual([]);
    expect(api.to('POST', '/api/alerts/follows')).toEqual([]);
  });
});

describe('the unsubscribe page', () => {
  it('stops alert e-mails with one press, without a login', async () => {
    const calls = fakeApi({ 'POST /api/alerts/unsubscribe': () => json({ emails: false }) });
    renderRoute(<UnsubscribePage />, { path: '/en/alerts/unsubscribe', url: '/en/alerts/unsubscribe?token=abc.def' });
    expect(await screen.findByText(en.unsubscribe.confirmTitle)).toBeTruthy();
    expect(calls.to('POST', '/api/alerts/unsubscribe')).toEqual([]);
    fireEvent.click(screen.getByTestId('unsubscribe-confirm'));
    expect(await screen.findByText(en.unsubscribe.doneTitle)).toBeTruthy();
    expect(calls.to('POST', '/api/alerts/unsubscribe')[0]!.search.get('token')).toBe('abc.def');
  });

  it('says a tampered link is invalid and an old one expired', async () => {
    for (const [code, title] of [
      ['UNSUBSCRIBE_LINK_INVALID', en.unsubscribe.invalidTitle],
      ['UNSUBSCRIBE_LINK_EXPIRED', en.unsubscribe.expiredTitle],
    ] as const) {
      fakeApi({ 'POST /api/alerts/unsubscribe': () => json({ detail: code }, 400) });
      const view = renderRoute(<UnsubscribePage />, {
        path: '/en/alerts/unsubscribe',
        url: '/en/alerts/unsubscribe?token=bad',
      });
      fireEvent.click(await screen.findByTestId('unsubscribe-confirm'));
      expect(await screen.findByText(title)).toBeTruthy();
      view.unmount();
    }
  });
});
