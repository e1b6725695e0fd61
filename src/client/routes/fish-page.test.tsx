/**
 * A fish's page (issue 23) through the app's route table: by id with or without a slug, in the page's language, its
 * names, rarity, weights and maps, its best baits of the bait guide's window (the guide's rule: ranked from
 * BAIT_GUIDE_MIN_COUNT catches), its newest official records, every item leading to its own page with its name's slug,
 * the page's meta, and the not-found page for an id no fish has. The HTTP boundary is faked; the counting is the
 * server's (bait-guide.routes.test.ts, logs.routes.test.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaitGuideResponse } from '#shared/contracts/catches';
import { withShare } from '#shared/share-interval';
import { loadBaseConfig, resetBaseConfig } from '../lib/base-config';
import { i18n, initI18n } from '../lib/i18n';
import { PageMetaContext, type PageMeta } from '../lib/page-meta';
import common from '../locales/en/common.json';
import en from '../locales/en/fish.json';
import zh from '../locales/zh/fish.json';
import { fakeApi, json } from '../test/fake-api';
import { CATEGORY_LIST } from '../test/fixtures/catalogue';
import { officialItem, pageOf } from '../test/fixtures/logs';
import { renderApp, renderRoute } from '../test/render-route';
import { Component as FishPage } from './fish-page';

const TO = '2026-11-26T08:30:00Z';
/** The pike (10): 12 catches, 9 on the worm (ranked) and 3 on a bait the catalogue lacks; bread's 0 are absent. */
const PIKE: BaitGuideResponse = {
  fish_id: 10,
  map_id: null,
  from: '2026-11-23T08:30:00Z',
  to: TO,
  trust: 'trusted',
  total: 14,
  baits: [
    withShare({ bait_id: 100, count: 9 }, 14),
    withShare({ bait_id: 999, count: 3 }, 14),
    withShare({ bait_id: 101, count: 2 }, 14),
  ],
};
const QUIET = (fish: number): BaitGuideResponse => ({ ...PIKE, fish_id: fish, total: 0, baits: [] });

let api: ReturnType<typeof fakeApi>;
const guideRequests = () => api.to('GET', '/api/bait-guide').map((request) => request.search.toString());
const recordRequests = () => api.to('GET', '/api/logs/official').map((request) => request.search.toString());
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
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
  await i18n.loadNamespaces(['fish', 'fishes']);
});

beforeEach(async () => {
  // Every test starts in English, whichever language the one before it left (the suite runs shuffled).
  await i18n.changeLanguage('en');
  // A reader east of UTC: once the page runs in the browser, its times are the reader's (UTC only in the server's HTML).
  vi.stubEnv('TZ', 'Asia/Shanghai');
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    'GET /api/bait-guide': ({ search }) =>
      json(search.get('fish_id') === '10' ? PIKE : QUIET(Number(search.get('fish_id')))),
    'GET /api/logs/official': ({ search }) =>
      json(
        pageOf(
          search.get('fish_id') === '10'
            ? [officialItem({ id: 70, caught_at: '2026-11-20T23:15:00Z', map_id: 1, bait_id: 101, star_type: 452 })]
            : [],
        ),
      ),
    '*': () => json({}),
  });
  resetBaseConfig();
  await loadBaseConfig();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

// Each test renders the whole app shell and the page: on a busy 2-core machine that outgrows 5 s.
const SLOW = { timeout: 15_000 };

describe('the fish page', () => {
  it(
    "shows the fish's names, rarity, weights and maps, and its best baits now, counted as the guide does",
    SLOW,
    async () => {
      renderApp('/en/guide/fishes/10');
      expect(await screen.findByRole('heading', { level: 1, name: 'Northern Pike' })).toBeTruthy();
      expect(screen.getByText('白斑狗鱼')).toBeTruthy();
      expect(screen.getByText(/ノーザンパイク/)).toBeTruthy();
      expect(screen.getByText('Esox lucius')).toBeTruthy();
      // Level 3 is the star class; weights as the site writes them.
      expect(screen.getByTestId('fish-rarity').textContent).toBe('Star');
      expect(screen.getByTestId('fish-weight').textContent).toBe('100 g – 30 kg');

      await screen.findByTestId('best-baits');
      expect(guideRequests()).toEqual(['fish_id=10']);
      expect(screen.getByTestId('sample-size').textContent).toBe('14 catches');
      // The window's end in the reader's zone, 8 hours ahead of UTC.
      expect(screen.getByTestId('window').textContent).toBe(
        fill(en.baits.windowValue, { hours: 72, to: '2026-11-26 16:30' }),
      );
      // Only baits of BAIT_GUIDE_MIN_COUNT (3) catches or more are ranked: bread's 2 are not; the unknown bait is named by
      // its id. Both rest on fewer than the minimum sample (30), which a screen reader is told.
      const thin = ` (${common.shareInterval.thin.replace('{{min}}', '30')})`;
      expect(rowsOf('best-baits')).toEqual([
        [`Worm${thin}`, '9', '64% (39–84%)'],
        [`${fill(en.baits.unknown, { id: 999 })}${thin}`, '3', '21% (8–48%)'],
      ]);
      await waitFor(() => expect(document.title).toBe('Northern Pike · Anglerdex'));
    },
  );

  it(
    "leads to each bait and map with its name's slug, and to the fish's guide, heat map and records",
    SLOW,
    async () => {
      renderApp('/en/guide/fishes/10-anything');
      await screen.findByTestId('best-baits');
      const href = (name: string | RegExp, inside: HTMLElement = screen.getByRole('main')) =>
        within(inside).getByRole('link', { name }).getAttribute('href');
      expect(href('Worm', screen.getByTestId('best-baits'))).toBe('/en/query/baits/100-worm');
      expect(href('Amber Lake', screen.getByTestId('fish-maps'))).toBe('/en/maps/1-amber-lake');
      expect(href(fill(en.maps.heatMapLabel, { fish: 'Northern Pike', map: 'Amber Lake' }))).toBe('/en?map=1&fish=10');
      expect(href(fill(en.header.baitGuideLabel, { name: 'Northern Pike' }))).toBe('/en/query/bait-guide?fish_id=10');
      expect(href(fill(en.header.heatMapLabel, { name: 'Northern Pike' }))).toBe('/en?map=1&fish=10');
      expect(href(en.baits.all)).toBe('/en/query/bait-guide?fish_id=10');
      expect(href(en.back)).toBe('/en/guide/fishes');

      // The newest official records: asked for the fish only, a few; time in the reader's zone, each map and bait leading to its page.
      const records = await screen.findByRole('table', { name: fill(en.records.caption, { fish: 'Northern Pike' }) });
      expect(recordRequests()).toEqual(['fish_id=10&page=1&page_size=5']);
      expect(rowsOf('latest-records')).toEqual([
        ['2026-11-21 07:15', '25 kg', 'Super rare blue crown', 'Amber Lake', 'Bread', 'Old Salt'],
      ]);
      expect(href('Amber Lake', records)).toBe('/en/maps/1-amber-lake');
      expect(href('Bread', records)).toBe('/en/query/baits/101-bread');
      expect(href(fill(en.records.all, { fish: 'Northern Pike' }))).toBe('/en/query/official-logs?fish=10');
    },
  );

  it("says what the page is about in the page's language, with its picture and breadcrumbs", SLOW, async () => {
    const metas: PageMeta[] = [];
    renderRoute(
      <PageMetaContext.Provider value={{ record: (meta) => metas.push(meta) }}>
        <FishPage />
      </PageMetaContext.Provider>,
      { path: '/en/guide/fishes/:ref', url: '/en/guide/fishes/10' },
    );
    await screen.findByTestId('best-baits');
    const description =
      'Northern Pike (Star, 100 g – 30 kg) lives in Amber Lake. Best baits in the last 72 hours: Worm and Bait #999.';
    await waitFor(() => expect(metas.at(-1)?.description).toBe(description));
    expect(screen.getByTestId('fish-summary').textContent).toBe(description);
    // The catalogue has no fish pictures: a link preview shows the map it lives on.
    expect(metas.at(-1)).toMatchObject({
      title: 'Northern Pike',
      image: '/media/maps/1.png',
      breadcrumbs: [
        { name: 'Fish encyclopedia', path: '/guide/fishes' },
        { name: 'Northern Pike', path: '/guide/fishes/10-northern-pike' },
      ],
    });
    expect(metas.at(-1)?.status).toBeUndefined();
  });

  it(
    'resolves by the id alone in Chinese without a prefix, and says so when nothing was caught or recorded',
    SLOW,
    async () => {
      renderApp('/guide/fishes/12-鳟鱼');
      expect(await screen.findByRole('heading', { level: 1, name: '鳟鱼' })).toBeTruthy();
      expect((await screen.findByTestId('best-baits-empty')).textContent).toBe(fill(zh.baits.empty, { hours: 72 }));
      expect((await screen.findByTestId('latest-records-empty')).textContent).toBe(zh.records.empty);
      expect(screen.getByRole('link', { name: '北河' }).getAttribute('href')).toBe('/maps/2-北河');
      expect(screen.getByTestId('fish-summary').textContent).toBe(
        '鳟鱼（星级，100 g – 30 kg），栖息于北河。最近 72 小时没有渔获上报。',
      );
      expect(guideRequests()).toEqual(['fish_id=12']);
    },
  );

  it(
    'is the not-found page (status 404) for an id no fish has, or a segment that is no id, and asks nothing',
    SLOW,
    async () => {
      for (const url of ['/en/guide/fishes/999', '/en/guide/fishes/pike']) {
        const { unmount } = renderApp(url);
        expect(await screen.findByRole('heading', { level: 1, name: common.notFound.title })).toBeTruthy();
        unmount();
      }
      const metas: PageMeta[] = [];
      renderRoute(
        <PageMetaContext.Provider value={{ record: (meta) => metas.push(meta) }}>
          <FishPage />
        </PageMetaContext.Provider>,
        { path: '/en/guide/fishes/:ref', url: '/en/guide/fishes/999-nothing' },
      );
      await screen.findByRole('heading', { level: 1, name: common.notFound.title });
      expect(metas.at(-1)).toMatchObject({ status: 404, noindex: true });
      expect(guideRequests()).toEqual([]);
      expect(recordRequests()).toEqual([]);
    },
  );
});
