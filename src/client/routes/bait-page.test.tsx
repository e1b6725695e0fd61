/**
 * A bait's page (issue 26) through the app's route table: by id with or without a slug, in the page's language, the
 * bait's names, type and picture, what it caught (counts exact, shares only from BAIT_GUIDE_MIN_COUNT catches) and
 * where, the links out, and the not-found and empty states. The HTTP boundary is faked; the counting is the server's
 * (bait-guide.routes.test.ts).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BaitCatchesResponse } from '#shared/contracts/catches';
import { withShare } from '#shared/share-interval';
import { loadBaseConfig, resetBaseConfig } from '../lib/base-config';
import { i18n, initI18n } from '../lib/i18n';
import en from '../locales/en/baits.json';
import zh from '../locales/zh/baits.json';
import common from '../locales/en/common.json';
import { fakeApi, json } from '../test/fake-api';
import { CATEGORY_LIST } from '../test/fixtures/catalogue';
import { renderApp } from '../test/render-route';

const FROM = '2026-11-23T08:00:00Z';
const TO = '2026-11-26T08:00:00Z';
/** The worm (100): 12 catches, of three fish on two maps; the trout's one catch is too few for a share. */
const WORM: BaitCatchesResponse = {
  bait_id: 100,
  from: FROM,
  to: TO,
  trust: 'trusted',
  total: 12,
  fishes: [
    withShare({ fish_id: 10, count: 9 }, 12),
    withShare({ fish_id: 11, count: 2 }, 12),
    withShare({ fish_id: 12, count: 1 }, 12),
  ],
  maps: [withShare({ map_id: 1, count: 10 }, 12), withShare({ map_id: 2, count: 2 }, 12)],
};
const EMPTY: BaitCatchesResponse = {
  bait_id: 101,
  from: FROM,
  to: TO,
  total: 0,
  fishes: [],
  maps: [],
  trust: 'trusted',
};

let api: ReturnType<typeof fakeApi>;
const catchRequests = () => api.to('GET', '/api/bait-guide/bait').map((request) => request.search.get('bait_id'));
const rowsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('baits');
});

beforeEach(async () => {
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    'GET /api/bait-guide/bait': ({ search }) => json(search.get('bait_id') === '100' ? WORM : EMPTY),
    '*': () => json({}),
  });
  resetBaseConfig();
  await loadBaseConfig();
});

// Each test renders the whole app shell and the page: on a busy 2-core machine that outgrows 5 s.
const SLOW = { timeout: 15_000 };

describe('the bait page', () => {
  it(
    "shows the bait's name, other names, type and picture, and what it caught where, counted exactly",
    SLOW,
    async () => {
      renderApp('/en/query/baits/100');
      expect(await screen.findByRole('heading', { level: 1, name: 'Worm' })).toBeTruthy();
      expect(screen.getByText('蚯蚓')).toBeTruthy();
      expect(screen.getByText(/ミミズ/)).toBeTruthy();
      expect(screen.getByRole('img', { name: en.list.imageAlt.replace('{{name}}', 'Worm') })).toBeTruthy();
      expect(screen.getByText('Live bait')).toBeTruthy();
      expect(catchRequests()).toEqual(['100']);

      await screen.findByTestId('bait-fishes');
      expect(screen.getByTestId('sample-size').textContent).toBe('12 catches');
      expect(screen.getByTestId('window').textContent).toContain('72');
      // Count and share with its 95 % interval, the share only from 3 catches on (BAIT_GUIDE_MIN_COUNT): 2 and 1
      // catches show none. Every row rests on fewer than 30 catches, so each says so to a screen reader (decision 0034).
      const thin = (name: string) => `${name} (${common.shareInterval.thin.replace('{{min}}', '30')})`;
      expect(rowsOf('bait-fishes')).toEqual([
        [thin('Northern Pike'), '9', '75% (47–91%)'],
        [thin('Perch'), '2', `—${en.page.tooFew}`],
        [thin('Brown Trout'), '1', `—${en.page.tooFew}`],
      ]);
      expect(rowsOf('bait-maps')).toEqual([
        [thin('Amber Lake'), '10', '83% (55–95%)'],
        [thin('North River'), '2', `—${en.page.tooFew}`],
      ]);
      await waitFor(() => expect(document.title).toBe('Worm · Anglerdex'));
    },
  );

  it("leads to each fish's and map's page, to the baits of its type and back to the list", SLOW, async () => {
    const { router } = renderApp('/en/query/baits/100');
    await screen.findByTestId('bait-fishes');
    expect(screen.getByRole('link', { name: 'Northern Pike' }).getAttribute('href')).toBe(
      '/en/guide/fishes/10-northern-pike',
    );
    expect(screen.getByRole('link', { name: 'North River' }).getAttribute('href')).toBe('/en/maps/2-north-river');
    expect(screen.getByRole('link', { name: en.page.back }).getAttribute('href')).toBe('/en/query/baits');
    fireEvent.click(screen.getByRole('link', { name: en.page.typeLink.replace('{{type}}', 'Live bait') }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/en/query/baits?type=301'),
    );
  });

  it('resolves by the id alone, whatever slug follows it, in Chinese without a prefix', SLOW, async () => {
    renderApp('/query/baits/100-anything-at-all');
    expect(await screen.findByRole('heading', { level: 1, name: '蚯蚓' })).toBeTruthy();
    expect(await screen.findByText(zh.page.fishTitle)).toBeTruthy();
    expect(catchRequests()).toEqual(['100']);
  });

  it('says so when the bait caught nothing in the window', SLOW, async () => {
    renderApp('/en/query/baits/101');
    expect(await screen.findByText(en.page.emptyTitle)).toBeTruthy();
    expect(screen.getByTestId('sample-size').textContent).toBe('0 catches');
    expect(screen.queryByTestId('bait-fishes')).toBeNull();
  });

  it('is the not-found page for an id no bait has, or a segment that is no id, and asks nothing', SLOW, async () => {
    for (const url of ['/en/query/baits/999', '/en/query/baits/worm']) {
      const { unmount } = renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: common.notFound.title })).toBeTruthy();
      unmount();
    }
    expect(catchRequests()).toEqual([]);
  });
});
