import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BaitGuideTopResponse } from '#shared/contracts/catches';
import type { MyCollectionResponse } from '#shared/contracts/collection';
import { loadBaseConfig, resetBaseConfig } from '../lib/base-config';
import { formatDate } from '../lib/format-date';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import en from '../locales/en/collection.json';
import { CATEGORY_LIST } from '../test/fixtures/catalogue';
import { USER } from '../test/fixtures/users';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as CollectionPage } from './collection-page';
import { withShare } from '#shared/share-interval';

const PATH = '/en/user/collection';
const MINE = '/api/users/me/collection';
const SHARING = '/api/users/me/collection/sharing';
const TOP = '/api/bait-guide/top';
const SHARE_ID = 'AbCdEfGhIjKlMnOpQrSt_-';
const BOUND = { ...USER, client_id: 'bird_0123456789abcdefABCDEF' };
const OFF = { public: false, share_id: null, share_url: null };
const ON = { public: true, share_id: SHARE_ID, share_url: `https://anglerdex.test/en/collection/${SHARE_ID}` };

/** Pike (10, map 1) caught; Perch (11, maps 1 and 2) and Brown Trout (12, map 2) not yet. */
function collection(fields: Partial<MyCollectionResponse> = {}): MyCollectionResponse {
  return {
    caught: 1,
    total: 3,
    maps: [
      { map_id: 1, caught: 1, total: 2 },
      { map_id: 2, caught: 0, total: 2 },
    ],
    fishes: [
      {
        fish_id: 10,
        caught: true,
        catch_count: 12,
        heaviest: { weight: 12_345, caught_at: '2026-11-18T08:00:00Z', map_id: 1, star_type: 0 },
        best_star_type: 452,
      },
      { fish_id: 11, caught: false, catch_count: 0, heaviest: null, best_star_type: null },
      { fish_id: 12, caught: false, catch_count: 0, heaviest: null, best_star_type: null },
    ],
    logger_bound: true,
    sharing: OFF,
    ...fields,
  };
}

const TOP_BAITS: BaitGuideTopResponse = {
  map_id: null,
  from: '2026-11-17T08:00:00Z',
  to: '2026-11-20T08:00:00Z',
  trust: 'trusted',
  fishes: [
    {
      fish_id: 11,
      total: 40,
      baits: [withShare({ bait_id: 100, count: 30 }, 40), withShare({ bait_id: 101, count: 10 }, 40)],
    },
  ],
};

let api: ReturnType<typeof fakeApi>;

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['collection', 'account']);
});

beforeEach(async () => {
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    [`GET ${MINE}`]: () => json(collection()),
    [`GET ${TOP}`]: () => json(TOP_BAITS),
  });
  resetBaseConfig();
  await loadBaseConfig();
  setSession({ token: 'tok', userInfo: BOUND });
});

afterEach(() => clearSession());

const card = (fishId: number) => document.querySelector<HTMLElement>(`[data-fish-id="${fishId}"]`)!;
const shownFish = () =>
  [...document.querySelectorAll<HTMLElement>('[data-fish-id]')].map((el) => Number(el.dataset.fishId));

describe('my collection page', { timeout: 15_000 }, () => {
  it('shows the progress, each map, the heaviest and best star of a caught fish, and a missing one greyed with where and what others catch it with', async () => {
    renderRoute(<CollectionPage />, { path: PATH });
    expect((await screen.findByTestId('collection-progress')).textContent).toBe('1 of 3 fish caught');
    expect(api.to('GET', MINE)[0]!.headers.Authorization).toBe('Bearer tok');

    const maps = screen.getByRole('region', { name: en.maps.title });
    const amber = within(maps).getByRole('button', { name: /Amber Lake/ });
    expect(amber.textContent).toContain('1 of 2');
    expect(amber.getAttribute('aria-pressed')).toBe('false');

    const pike = card(10);
    expect(pike.dataset.caught).toBe('true');
    expect(within(pike).getByRole('heading', { name: 'Northern Pike' })).toBeTruthy();
    expect(within(pike).getByText('12.345 kg')).toBeTruthy();
    expect(within(pike).getByText(`Amber Lake, ${formatDate('2026-11-18T08:00:00Z')} · 12 catches`)).toBeTruthy();
    expect(within(pike).getByText('Super rare blue crown')).toBeTruthy();
    expect(within(pike).getByRole('link', { name: 'Fish page of Northern Pike' }).getAttribute('href')).toBe(
      '/en/guide/fishes/10-northern-pike',
    );
    expect(within(pike).queryByTestId('biting-now')).toBeNull();

    const perch = card(11);
    expect(perch.dataset.caught).toBe('false');
    expect(within(perch).getByText(en.fish.notYet)).toBeTruthy();
    expect((await within(perch).findByTestId('biting-now')).textContent).toBe('Worm 75% · Bread 25%');
    expect(within(perch).getByRole('link', { name: 'Heat map of Perch in North River' }).getAttribute('href')).toBe(
      '/en?map=2&fish=11',
    );
    expect(within(perch).getByRole('link', { name: 'Bait guide for Perch' }).getAttribute('href')).toBe(
      '/en/query/bait-guide?fish_id=11',
    );
    // Brown Trout had no catch in the 3 days: said so.
    expect(within(card(12)).getByTestId('biting-now').textContent).toBe(en.fish.noRecent);
    expect(api.to('GET', TOP)).toHaveLength(1);
  });

  it('filters caught / not yet and by map, in the URL; a map button narrows to its fish and back', async () => {
    const { router } = renderRoute(<CollectionPage />, { path: PATH });
    await screen.findByTestId('collection-progress');
    expect(shownFish()).toEqual([10, 11, 12]);

    fireEvent.click(screen.getByRole('radio', { name: en.filters.missing }));
    await waitFor(() => expect(shownFish()).toEqual([11, 12]));
    expect(router.state.location.search).toBe('?show=missing');

    fireEvent.click(screen.getByRole('button', { name: /Amber Lake/ }));
    await waitFor(() => expect(shownFish()).toEqual([11]));
    expect(new URLSearchParams(router.state.location.search).get('map')).toBe('1');
    expect(screen.getByRole('button', { name: /Amber Lake/ }).getAttribute('aria-pressed')).toBe('true');
    // On the filtered map, a missing fish's heat map opens there.
    expect(within(card(11)).getByRole('link', { name: 'Heat map of Perch in Amber Lake' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: en.filters.caught }));
    await waitFor(() => expect(shownFish()).toEqual([10]));
    fireEvent.click(screen.getByRole('button', { name: /North River/ }));
    expect(await screen.findByText(en.empty.caught)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.empty.clear }));
    await waitFor(() => expect(shownFish()).toEqual([10, 11, 12]));
    expect(router.state.location.search).toBe('');
  });

  it('without a bound logger, says how the collection fills and links to binding one', async () => {
    setSession({ token: 'tok', userInfo: USER });
    api.on({
      [`GET ${MINE}`]: () =>
        json(
          collection({
            caught: 0,
            logger_bound: false,
            maps: [
              { map_id: 1, caught: 0, total: 2 },
              { map_id: 2, caught: 0, total: 2 },
            ],
            fishes: [10, 11, 12].map((fish_id) => ({
              fish_id,
              caught: false,
              catch_count: 0,
              heaviest: null,
              best_star_type: null,
            })),
          }),
        ),
    });
    renderRoute(<CollectionPage />, { path: PATH });
    expect(await screen.findByText(en.noLogger.title)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.noLogger.link }).getAttribute('href')).toBe('/en/user/my-data');
    expect(screen.getByTestId('collection-progress').textContent).toBe('0 of 3 fish caught');
  });

  it('turns the public page on, shows its link to copy in the page language, and off again', async () => {
    api.on({ [`PUT ${SHARING}`]: (request) => json((request.json as { public: boolean }).public ? ON : OFF) });
    renderRoute(<CollectionPage />, { path: PATH, toasts: true });
    const toggle = await screen.findByRole('switch', { name: en.sharing.switch });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('collection-share-link')).toBeNull();

    fireEvent.click(toggle);
    const link = await screen.findByRole('textbox', { name: en.sharing.link });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/en/collection/${SHARE_ID}`);
    expect(api.to('PUT', SHARING)[0]!.json).toEqual({ public: true });
    expect((screen.getByRole('switch', { name: en.sharing.switch }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: en.sharing.copy })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.sharing.open }).getAttribute('href')).toBe(`/en/collection/${SHARE_ID}`);
    expect(shownToasts().map((shown) => shown.title ?? shown.message)).toContain(en.sharing.on);

    fireEvent.click(screen.getByRole('switch', { name: en.sharing.switch }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: en.sharing.link })).toBeNull());
    expect(api.to('PUT', SHARING)[1]!.json).toEqual({ public: false });
    expect(shownToasts().map((shown) => shown.title ?? shown.message)).toContain(en.sharing.off);
  });

  it('says so when sharing cannot be changed, and keeps it as it was', async () => {
    api.on({ [`PUT ${SHARING}`]: () => json({ detail: 'DATABASE_BUSY' }, 503) });
    renderRoute(<CollectionPage />, { path: PATH, toasts: true });
    fireEvent.click(await screen.findByRole('switch', { name: en.sharing.switch }));
    await waitFor(() =>
      expect(shownToasts().map((shown) => shown.title ?? shown.message)).toContain(en.sharing.failed),
    );
    expect((screen.getByRole('switch', { name: en.sharing.switch }) as HTMLInputElement).checked).toBe(false);
  });

  it('offers a retry when the collection cannot be loaded', async () => {
    let calls = 0;
    api.on({ [`GET ${MINE}`]: () => (++calls === 1 ? json({ detail: 'DATABASE_BUSY' }, 503) : json(collection())) });
    renderRoute(<CollectionPage />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: en.retry }));
    expect((await screen.findByTestId('collection-progress')).textContent).toBe('1 of 3 fish caught');
  });
});
