import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BaitGuideTopResponse } from '#shared/contracts/catches';
import type { BaitItem, FishItem, MapItem, StarTypeItem } from '#shared/contracts/catalogue';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { initI18n } from '../../../lib/i18n';
import zh from '../../../locales/zh/fishes.json';
import zhCommon from '../../../locales/zh/common.json';
import { fakeApi, json } from '../../../test/fake-api';
import { baitShare } from '../../../test/fixtures/bait-guide';
import { renderRoute } from '../../../test/render-route';
import { FishEncyclopedia } from './fish-encyclopedia';

// Only the HTTP boundary is faked: the base configuration the encyclopedia reads comes through a stubbed fetch.
/** The pinyin the server ships with each name (`name_pinyin`), for the names the searches below read. */
const PINYIN: Record<string, string> = { 鲤鱼: 'li yu', 梭鱼: 'suo yu', 鲟鱼: 'xun yu' };

function named(id: number, name: string, nameEn: string, nameJa: string) {
  return {
    id,
    name,
    name_en: nameEn,
    name_ja: nameJa,
    name_pinyin: PINYIN[name] ?? '',
    letter: 'X',
    letter_en: nameEn[0]!,
    sort: id,
    deprecated: false,
    new_in: null,
  };
}

const MAPS: MapItem[] = [
  {
    ...named(11, '琥珀湖', 'Amber Lake', '琥珀湖（日）'),
    group_type: 'maps',
    data: { image: '/m/11.png', width: 100, height: 100, bounds: { x_min: 0, y_min: 0, x_max: 1, y_max: 1 } },
  },
  {
    ...named(12, '白河', 'White River', 'ホワイト川'),
    group_type: 'maps',
    data: { image: '/m/12.png', width: 100, height: 100, bounds: { x_min: 0, y_min: 0, x_max: 1, y_max: 1 } },
  },
];

const STAR_TYPES: StarTypeItem[] = [
  { ...named(446, '电视奖杯', 'TV trophy', 'TVトロフィー'), group_type: 'star_type', data: {} },
  { ...named(448, '星级', 'Star', 'スター'), group_type: 'star_type', data: {} },
  { ...named(450, '蓝冠', 'Blue crown', 'ブルークラウン'), group_type: 'star_type', data: {} },
];

function fish(id: number, names: [string, string, string], level: number, maps: number[], weights: number[]): FishItem {
  return {
    ...named(id, ...names),
    group_type: 'fish',
    data: {
      level,
      latin: `Piscis ${names[1].toLowerCase()}`,
      min_weight: 100,
      max_weight: 25_000,
      star_weights: [446, 448, 450].map((star_type, index) => ({ star_type, min_weight: weights[index]! })),
      maps,
    },
  };
}

const FISH: FishItem[] = [
  fish(1, ['鲤鱼', 'Common Carp', 'コイ'], 1, [11, 12], [5000, 12_000, 20_500]),
  fish(2, ['梭鱼', 'Pike', 'カワカマス'], 2, [12], [4000, 8000, 15_000]),
  fish(3, ['鲟鱼', 'Sturgeon', 'チョウザメ'], 5, [11], [30_000, 60_000, 90_000]),
];

const BAITS: BaitItem[] = [
  { ...named(100, '蚯蚓', 'Worm', 'ミミズ'), group_type: 'baits', data: { fish_way: 1, image: '' } },
  { ...named(101, '玉米', 'Corn', 'コーン'), group_type: 'baits', data: { fish_way: 1, image: '' } },
  { ...named(102, '亮片', 'Spoon', 'スプーン'), group_type: 'baits', data: { fish_way: 1, image: '' } },
];

/** Carp and pike were caught in the window (sturgeon was not); on White River only the pike. */
function top(mapId: string | null): BaitGuideTopResponse {
  const window = { from: '2026-01-01T00:00:00Z', to: '2026-01-04T00:00:00Z', trust: 'trusted' as const };
  if (mapId === '12') {
    return {
      map_id: 12,
      ...window,
      fishes: [
        { fish_id: 2, total: 4, baits: [baitShare(102, 4, 4)] },
        // Two catches: below the bait guide's minimum, no bait is ranked on the card.
        { fish_id: 1, total: 2, baits: [baitShare(101, 2, 2)] },
      ],
    };
  }
  return {
    map_id: null,
    ...window,
    fishes: [
      {
        fish_id: 1,
        total: 200,
        baits: [baitShare(101, 100, 200), baitShare(100, 60, 200), baitShare(999, 30, 200)],
      },
      { fish_id: 2, total: 10, baits: [baitShare(102, 10, 10)] },
    ],
  };
}

let failConfig = false;
let failTop = false;
let api: ReturnType<typeof fakeApi>;

function renderPage(url = '/guide/fishes') {
  return renderRoute(<FishEncyclopedia />, { path: '*', url }).router;
}

const fishList = () => screen.getByRole('list', { name: zh.list.label });
const shownFish = () =>
  within(fishList())
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .sort();
const countText = (count: number) =>
  zh.list.count_other.replace('{{count}}', String(count)).replace('{{total}}', String(FISH.length));

beforeAll(async () => {
  await initI18n('zh');
});

beforeEach(async () => {
  failConfig = false;
  failTop = false;
  api = fakeApi({
    'GET /api/system/get_category_list': () =>
      failConfig
        ? json({ detail: 'database unavailable' }, 503)
        : json({ category_list: { fish: FISH, maps: MAPS, star_type: STAR_TYPES, fish_way: [], baits: BAITS } }),
    'GET /api/bait-guide/top': (request) =>
      failTop ? json({ detail: 'busy' }, 503) : json(top(request.search.get('map_id'))),
  });
  resetBaseConfig();
  await loadBaseConfig();
});

describe('FishEncyclopedia', () => {
  it('shows every fish with its names, rarity class and weight range', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: '鲤鱼' })).toBeTruthy();
    expect(shownFish()).toEqual(['梭鱼', '鲟鱼', '鲤鱼'].sort());
    const card = screen.getByRole('heading', { name: '鲟鱼' }).closest('a')!;
    expect(within(card).getByText(/Sturgeon/)).toBeTruthy();
    expect(within(card).getByText(zh.rarity.rate_blue)).toBeTruthy();
    expect(within(card).getByText('100 g – 25 kg')).toBeTruthy();
    expect(screen.getByText(countText(3))).toBeTruthy();
  });

  it('narrows the list by a name in any language', async () => {
    const router = renderPage();
    await screen.findByRole('heading', { name: '鲤鱼' });
    fireEvent.change(screen.getByRole('searchbox', { name: zh.filters.search }), { target: { value: 'PIKE' } });
    await waitFor(() => expect(shownFish()).toEqual(['梭鱼']));
    expect(screen.getByText(countText(1))).toBeTruthy();
    expect(router.state.location.search).toBe('?q=PIKE');

    // Japanese name, typed in half-width katakana: folded to the stored full-width form.
    fireEvent.change(screen.getByRole('searchbox', { name: zh.filters.search }), { target: { value: 'ｺｲ' } });
    await waitFor(() => expect(shownFish()).toEqual(['鲤鱼']));
  });

  it('narrows the list by map and by rarity class', async () => {
    const router = renderPage();
    await screen.findByRole('heading', { name: '鲤鱼' });

    fireEvent.click(screen.getByRole('combobox', { name: zh.filters.map }));
    fireEvent.click(await screen.findByRole('option', { name: '琥珀湖' }));
    await waitFor(() => expect(shownFish()).toEqual(['鲟鱼', '鲤鱼'].sort()));
    expect(router.state.location.search).toBe('?map=11');

    fireEvent.click(screen.getByRole('combobox', { name: zh.filters.rarity }));
    fireEvent.click(await screen.findByRole('option', { name: zh.rarity.rate_blue }));
    await waitFor(() => expect(shownFish()).toEqual(['鲟鱼']));
    expect(new URLSearchParams(router.state.location.search).get('rarity')).toBe('rate_blue');
  });

  it('finds a fish by the pinyin of its Chinese name, whole or by initials, and by hiragana', async () => {
    renderPage();
    await screen.findByRole('heading', { name: '鲤鱼' });
    const box = screen.getByRole('searchbox', { name: zh.filters.search });
    for (const text of ['liyu', 'Li Yu', 'ly', 'こい']) {
      fireEvent.change(box, { target: { value: text } });
      await waitFor(() => expect(shownFish(), text).toEqual(['鲤鱼']));
    }
    // Every name ending in 鱼 reads 'yu' from a syllable's start; 'iy' is inside a reading, not one.
    fireEvent.change(box, { target: { value: 'yu' } });
    await waitFor(() => expect(shownFish()).toHaveLength(3));
    fireEvent.change(box, { target: { value: 'iyu' } });
    expect(await screen.findByText(zh.empty.title)).toBeTruthy();
  });

  it('offers, for an empty result, the one filter that hides the fish searched for', async () => {
    const router = renderPage('/guide/fishes?map=12&q=sturgeon');
    fireEvent.click(await screen.findByRole('button', { name: zh.empty.widen.map }));
    await waitFor(() => expect(shownFish()).toEqual(['鲟鱼']));
    expect(router.state.location.search).toBe('?q=sturgeon');
  });

  it('offers any rarity, and not the map filter that is not in the way', async () => {
    const router = renderPage('/guide/fishes?map=11&rarity=rate_blue&q=carp');
    fireEvent.click(await screen.findByRole('button', { name: zh.empty.widen.rarity }));
    await waitFor(() => expect(shownFish()).toEqual(['鲤鱼']));
    expect(screen.queryByRole('button', { name: zh.empty.widen.map })).toBeNull();
    expect(router.state.location.search).toBe('?map=11&q=carp');
  });

  it('offers a close spelling as a link that runs the corrected search', async () => {
    const router = renderPage('/guide/fishes?q=sturgeonn');
    const didYouMean = await screen.findByTestId('did-you-mean');
    const link = within(didYouMean).getByRole('link', { name: 'Sturgeon' });
    expect(link.getAttribute('href')).toBe('/guide/fishes?q=Sturgeon');
    fireEvent.click(link);
    await waitFor(() => expect(shownFish()).toEqual(['鲟鱼']));
    expect(router.state.location.search).toBe('?q=Sturgeon');
  });

  it('shows the empty state when no fish matches, and clears the filters', async () => {
    renderPage('/guide/fishes?rarity=rate_star');
    expect(await screen.findByText(zh.empty.title)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: zh.empty.clearFilters }));
    await waitFor(() => expect(shownFish()).toHaveLength(3));
  });

  it("opens a fish's own page from its card, its name's slug in the page's language after the id", async () => {
    const router = renderPage('/guide/fishes?map=12');
    const card = (await screen.findByRole('heading', { name: '鲤鱼' })).closest('a')!;
    expect(card.getAttribute('href')).toBe('/guide/fishes/1-鲤鱼');
    fireEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide/fishes/1-鲤鱼'));
  });

  it("sends a link to a fish's detail from before fish had pages (?fish=) on to its page", async () => {
    const router = renderPage('/guide/fishes?map=12&fish=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide/fishes/2-梭鱼'));
    expect(router.state.location.search).toBe('');
  });

  it('offers a retry when the configuration failed to load and nothing is cached', async () => {
    resetBaseConfig();
    failConfig = true;
    await loadBaseConfig();
    renderPage();
    const alert = await screen.findByRole('alert');
    failConfig = false;
    fireEvent.click(within(alert).getByRole('button', { name: zh.error.retry }));
    expect(await screen.findByRole('heading', { name: '鲤鱼' })).toBeTruthy();
  });

  it('links each fish to its bait guide and to its heat map on its first map', async () => {
    renderPage();
    await screen.findByRole('heading', { name: '鲤鱼' });
    const guide = (name: string) =>
      screen.getByRole('link', { name: zh.links.baitGuideLabel.replace('{{name}}', name) });
    const heat = (name: string) => screen.getByRole('link', { name: zh.links.heatMapLabel.replace('{{name}}', name) });
    expect(guide('鲤鱼').getAttribute('href')).toBe('/query/bait-guide?fish_id=1');
    expect(heat('鲤鱼').getAttribute('href')).toBe('/?map=11&fish=1');
    expect(heat('梭鱼').getAttribute('href')).toBe('/?map=12&fish=2');
    // The links are the card's own, not the detail's.
    expect(guide('鲤鱼').closest('a[href^="?"]')).toBeNull();
  });

  it('opens the guide and the heat map on the map the list is filtered by, in the route language', async () => {
    // i18n stays in zh here; the names and the link prefixes follow the /en route.
    renderRoute(<FishEncyclopedia />, { path: '/en/guide/fishes', url: '/en/guide/fishes?map=12' });
    await screen.findByRole('heading', { name: 'Common Carp' });
    const guide = screen.getByRole('link', { name: zh.links.baitGuideLabel.replace('{{name}}', 'Common Carp') });
    const heat = screen.getByRole('link', { name: zh.links.heatMapLabel.replace('{{name}}', 'Common Carp') });
    expect(guide.getAttribute('href')).toBe('/en/query/bait-guide?fish_id=1&map_id=12');
    expect(heat.getAttribute('href')).toBe('/en?map=12&fish=1');
  });

  it("shows each fish's top 3 baits from one request for the whole list", async () => {
    renderPage();
    const carp = (await screen.findByRole('heading', { name: '鲤鱼' })).closest('li')!;
    const carpBaits = await within(carp).findByRole('list', { name: zh.topBaits.title });
    expect(
      within(carpBaits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['玉米50% (43–57%)', '蚯蚓30% (24–37%)', `${zh.topBaits.unknown.replace('{{id}}', '999')}15% (11–21%)`]);
    // 100, 60 and 30 catches: none under the minimum sample (30), so none dimmed (decision 0034).
    expect(
      within(carpBaits)
        .getAllByRole('listitem')
        .filter((item) => item.hasAttribute('data-thin')),
    ).toEqual([]);
    expect(screen.getByTestId('share-interval-note').textContent).toContain('30');
    expect(within(carp).getByText(zh.topBaits.catches_other.replace('{{formatted}}', '200'))).toBeTruthy();
    const sturgeon = screen.getByRole('heading', { name: '鲟鱼' }).closest('li')!;
    expect(within(sturgeon).getByText(zh.topBaits.none)).toBeTruthy();
    expect(api.to('GET', '/api/bait-guide/top')).toHaveLength(1);
    expect(api.to('GET', '/api/bait-guide')).toHaveLength(0);
  });

  it('asks for the top baits of the filtered map', async () => {
    renderPage('/guide/fishes?map=12');
    const pike = (await screen.findByRole('heading', { name: '梭鱼' })).closest('li')!;
    const baits = await within(pike).findByRole('list', { name: zh.topBaits.title });
    expect(
      within(baits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`亮片100% (51–100%) (${zhCommon.shareInterval.thin.replace('{{min}}', '30')})`]);
    // 4 catches: dimmed, its share too.
    const [spoon] = within(baits).getAllByRole('listitem');
    expect(spoon!.hasAttribute('data-thin')).toBe(true);
    expect(within(spoon!).getByTestId('top-bait-share').style.color).toContain('dimmed');
    const carp = screen.getByRole('heading', { name: '鲤鱼' }).closest('li')!;
    expect(within(carp).getByText(zh.topBaits.tooFew_other.replace('{{formatted}}', '2'))).toBeTruthy();
    expect(within(carp).queryByRole('list', { name: zh.topBaits.title })).toBeNull();
    expect(within(carp).queryByText('100%')).toBeNull();
    expect(api.to('GET', '/api/bait-guide/top').map((request) => request.search.get('map_id'))).toEqual(['12']);
  });

  it('still lists the fish when the top baits failed, with one retry for them', async () => {
    failTop = true;
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(zh.topBaits.failed)).toBeTruthy();
    expect(shownFish()).toHaveLength(3);
    failTop = false;
    fireEvent.click(within(alert).getByRole('button', { name: zh.topBaits.retry }));
    const carp = screen.getByRole('heading', { name: '鲤鱼' }).closest('li')!;
    expect(await within(carp).findByRole('list', { name: zh.topBaits.title })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
