/**
 * A map's page (issue 23) through the app's route table: by id with or without a slug, in the page's language, its
 * picture and names, the fish caught most there now with the bait that caught each most (the bait guide's rule, from
 * one `/bait-guide/top?map_id=` answer), every fish that lives there as the encyclopedia's cards leading to their
 * pages, the way to its heat map, the page's meta, and the not-found page for an id no map has. The HTTP boundary is
 * faked; the counting is the server's (bait-guide.routes.test.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaitGuideTopResponse } from '#shared/contracts/catches';
import { loadBaseConfig, resetBaseConfig } from '../lib/base-config';
import { i18n, initI18n } from '../lib/i18n';
import { PageMetaContext, type PageMeta } from '../lib/page-meta';
import common from '../locales/en/common.json';
import en from '../locales/en/map.json';
import enFishes from '../locales/en/fishes.json';
import { fakeApi, json } from '../test/fake-api';
import { baitShare } from '../test/fixtures/bait-guide';
import { CATEGORY_LIST } from '../test/fixtures/catalogue';
import { renderApp, renderRoute } from '../test/render-route';
import { Component as MapPage } from './map-page';

const WINDOW = { from: '2026-11-23T08:30:00Z', to: '2026-11-26T20:30:00Z', trust: 'trusted' as const };
/** On Amber Lake (1): perch 40 catches, most on bread; pike 2, too few for a bait. North River (2): nothing. */
function top(mapId: string | null): BaitGuideTopResponse {
  if (mapId !== '1') return { map_id: Number(mapId), ...WINDOW, fishes: [] };
  return {
    map_id: 1,
    ...WINDOW,
    fishes: [
      { fish_id: 10, total: 2, baits: [baitShare(100, 2, 2)] },
      { fish_id: 11, total: 40, baits: [baitShare(101, 30, 40), baitShare(100, 10, 40)] },
    ],
  };
}

let api: ReturnType<typeof fakeApi>;
const topRequests = () => api.to('GET', '/api/bait-guide/top').map((request) => request.search.toString());
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['map', 'fishes']);
});

beforeEach(async () => {
  // Every test starts in English, whichever language the one before it left (the suite runs shuffled).
  await i18n.changeLanguage('en');
  // A reader east of UTC: once the page runs in the browser, its times are the reader's (UTC only in the server's HTML).
  vi.stubEnv('TZ', 'Asia/Shanghai');
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    'GET /api/bait-guide/top': ({ search }) => json(top(search.get('map_id'))),
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

describe('the map page', () => {
  it('shows its picture and names, what bites there now, and every fish that lives there', SLOW, async () => {
    renderApp('/en/maps/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Amber Lake' })).toBeTruthy();
    const picture = screen.getByRole('img', { name: fill(en.pictureAlt, { map: 'Amber Lake' }) });
    expect(picture.getAttribute('src')).toMatch(/\/media\/maps\/1\.png$/);
    expect(screen.getByText('琥珀湖')).toBeTruthy();
    // Pike and perch live here; the trout lives on North River only.
    expect(screen.getByTestId('map-fish-count').textContent).toBe('2');

    const biting = await screen.findByRole('table', { name: fill(en.now.caption, { map: 'Amber Lake' }) });
    expect(topRequests()).toEqual(['map_id=1']);
    expect(screen.getByTestId('map-catches').textContent).toBe('42 catches');
    expect(screen.getByTestId('window').textContent).toBe(
      fill(en.facts.windowValue, { hours: 72, to: '2026-11-27 04:30' }),
    );
    // Most caught first; the perch's best bait from 30 of 40 catches; the pike's 2 catches name no bait.
    const rows = within(biting)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Perch', '40', `Bread75% (60–86%)`],
      ['Northern Pike', '2', en.now.tooFew],
    ]);

    // The cards: every fish of the map by name, each with its top baits on this map.
    const cards = within(screen.getByRole('list', { name: fill(en.fish.title, { map: 'Amber Lake' }) }));
    expect(cards.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Northern Pike',
      'Perch',
    ]);
    const perch = cards.getByRole('heading', { name: 'Perch' }).closest('li')!;
    expect(within(perch).getByRole('list', { name: enFishes.topBaits.title }).textContent).toContain('Bread');
    await waitFor(() => expect(document.title).toBe('Amber Lake · Anglerdex'));
  });

  it("leads to each fish's and bait's page with its name's slug, and to its heat map", SLOW, async () => {
    renderApp('/en/maps/1-whatever');
    const biting = await screen.findByRole('table', { name: fill(en.now.caption, { map: 'Amber Lake' }) });
    const main = within(screen.getByRole('main'));
    expect(within(biting).getByRole('link', { name: 'Perch' }).getAttribute('href')).toBe('/en/guide/fishes/11-perch');
    expect(within(biting).getByRole('link', { name: 'Bread' }).getAttribute('href')).toBe('/en/query/baits/101-bread');
    const pikeCard = main.getByRole('heading', { level: 2, name: 'Northern Pike' }).closest('a')!;
    expect(pikeCard.getAttribute('href')).toBe('/en/guide/fishes/10-northern-pike');
    // The cards' guide and heat map open on this map.
    expect(
      main.getByRole('link', { name: fill(enFishes.links.heatMapLabel, { name: 'Perch' }) }).getAttribute('href'),
    ).toBe('/en?map=1&fish=11');
    expect(
      main.getByRole('link', { name: fill(enFishes.links.baitGuideLabel, { name: 'Perch' }) }).getAttribute('href'),
    ).toBe('/en/query/bait-guide?fish_id=11&map_id=1');
    expect(main.getByRole('link', { name: fill(en.heatMapLabel, { map: 'Amber Lake' }) }).getAttribute('href')).toBe(
      '/en?map=1',
    );
  });

  it("says what the page is about in the page's language, with its picture and breadcrumbs", SLOW, async () => {
    const metas: PageMeta[] = [];
    renderRoute(
      <PageMetaContext.Provider value={{ record: (meta) => metas.push(meta) }}>
        <MapPage />
      </PageMetaContext.Provider>,
      { path: '/en/maps/:ref', url: '/en/maps/1' },
    );
    await screen.findByTestId('biting-now');
    const description =
      'Amber Lake: 2 fish species live here: Northern Pike and Perch. Most caught in the last 72 hours: ' +
      'Perch on Bread and Northern Pike.';
    await waitFor(() => expect(metas.at(-1)?.description).toBe(description));
    expect(screen.getByTestId('map-summary').textContent).toBe(description);
    expect(metas.at(-1)).toMatchObject({
      title: 'Amber Lake',
      image: '/media/maps/1.png',
      breadcrumbs: [{ name: 'Amber Lake', path: '/maps/1-amber-lake' }],
    });
  });

  it('resolves by the id alone in Chinese without a prefix, and says so when nothing was caught', SLOW, async () => {
    renderApp('/maps/2-北河');
    expect(await screen.findByRole('heading', { level: 1, name: '北河' })).toBeTruthy();
    expect(await screen.findByTestId('biting-now-empty')).toBeTruthy();
    expect(screen.getByTestId('map-summary').textContent).toBe(
      '北河：栖息着 2 种鱼：鲈鱼和鳟鱼。最近 72 小时没有渔获上报。',
    );
    expect(screen.getByRole('heading', { level: 2, name: '鳟鱼' }).closest('a')!.getAttribute('href')).toBe(
      '/guide/fishes/12-鳟鱼',
    );
    expect(topRequests()).toEqual(['map_id=2']);
  });

  it(
    'is the not-found page (status 404) for an id no map has, or a segment that is no id, and asks nothing',
    SLOW,
    async () => {
      for (const url of ['/en/maps/999', '/en/maps/amber']) {
        const { unmount } = renderApp(url);
        expect(await screen.findByRole('heading', { level: 1, name: common.notFound.title })).toBeTruthy();
        unmount();
      }
      expect(topRequests()).toEqual([]);
    },
  );
});
