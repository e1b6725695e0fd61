import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FishItem, MapItem, StarTypeItem } from '#shared/contracts/catalogue';
import { theme } from '../../../components/theme';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { i18n, initI18n } from '../../../lib/i18n';
import zh from '../../../locales/zh/fishes.json';
import { FishEncyclopedia } from './fish-encyclopedia';

// Only the HTTP boundary is faked: the base configuration the encyclopedia reads comes through a stubbed fetch.
function named(id: number, name: string, nameEn: string, nameJa: string) {
  return { id, name, name_en: nameEn, name_ja: nameJa, letter: 'X', letter_en: nameEn[0]!, sort: id };
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

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let failConfig = false;
async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/system/get_category_list') {
    if (failConfig) return json({ detail: 'database unavailable' }, 503);
    return json({ category_list: { fish: FISH, maps: MAPS, star_type: STAR_TYPES, fish_way: [], baits: [] } });
  }
  return json({ detail: 'Not Found' }, 404);
}

function renderPage(url = '/guide/fishes') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Suspense fallback={null}>
            <FishEncyclopedia />
          </Suspense>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

const shownFish = () =>
  within(screen.getByRole('list'))
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
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
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

  it('shows the empty state when no fish matches, and clears the filters', async () => {
    renderPage('/guide/fishes?rarity=rate_star');
    expect(await screen.findByText(zh.empty.title)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: zh.empty.clearFilters }));
    await waitFor(() => expect(shownFish()).toHaveLength(3));
  });

  it('opens a fish detail with names, star weights and maps, deep-linked by ?fish=', async () => {
    const router = renderPage('/guide/fishes?map=12');
    fireEvent.click(await screen.findByRole('heading', { name: '鲤鱼' }));

    const dialog = await screen.findByRole('dialog');
    expect(router.state.location.search).toBe('?map=12&fish=1');
    expect(within(dialog).getByText('Common Carp')).toBeTruthy();
    expect(within(dialog).getByText('コイ')).toBeTruthy();
    expect(within(dialog).getByText('Piscis common carp')).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: zh.detail.starWeights });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['电视奖杯≥ 5 kg', '星级≥ 12 kg', '蓝冠≥ 20.5 kg']);
    expect(within(dialog).getByText('琥珀湖')).toBeTruthy();
    expect(within(dialog).getByText('白河')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: zh.detail.close }));
    await waitFor(() => expect(router.state.location.search).toBe('?map=12'));
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
});
