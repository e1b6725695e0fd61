import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { i18n, initI18n } from '../../../lib/i18n';
import common from '../../../locales/en/common.json';
import en from '../../../locales/en/fishes.json';
import { fakeApi, json } from '../../../test/fake-api';
import { CATEGORY_LIST, FISH } from '../../../test/fixtures/catalogue';
import { renderRoute } from '../../../test/render-route';
import { FishEncyclopedia } from './fish-encyclopedia';

const PATCH = '1.0.23';
const newInLabel = common.catalogue.newIn.replace('{{patch}}', PATCH);
const switchLabel = en.filters.newOnly.replace('{{patch}}', PATCH);

let newFish: number[];

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('fishes');
});
beforeEach(() => {
  newFish = [12];
});
afterEach(() => resetBaseConfig());

async function renderPage(url = '/en/guide/fishes') {
  fakeApi({
    'GET /api/system/get_category_list': () =>
      json({
        category_list: {
          ...CATEGORY_LIST,
          fish: FISH.map((fish) => ({ ...fish, new_in: newFish.includes(fish.id) ? PATCH : null })),
        },
      }),
    'GET /api/bait-guide/top': () => json({ map_id: null, from: '', to: '', fishes: [] }),
  });
  resetBaseConfig();
  await loadBaseConfig();
  return renderRoute(<FishEncyclopedia />, { path: '*', url }).router;
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('a')!;
const shown = () =>
  within(screen.getByRole('list', { name: en.list.label }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('"new in <patch>" in the encyclopedia', { timeout: 15_000 }, () => {
  it('marks the fish the live patch added, and only those', async () => {
    await renderPage();
    await screen.findByRole('heading', { name: 'Brown Trout' });
    expect(within(card('Brown Trout')).getByText(newInLabel)).toBeTruthy();
    expect(within(card('Perch')).queryByText(newInLabel)).toBeNull();
  });

  it('filters to them with a switch kept in the URL (?new=1)', async () => {
    const router = await renderPage();
    await screen.findByRole('heading', { name: 'Brown Trout' });
    fireEvent.click(screen.getByRole('switch', { name: switchLabel }));
    await waitFor(() => expect(router.state.location.search).toBe('?new=1'));
    expect(shown()).toEqual(['Brown Trout']);
    fireEvent.click(screen.getByRole('switch', { name: switchLabel }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(shown()).toHaveLength(3);
  });

  it('opens filtered from a shared link', async () => {
    await renderPage('/en/guide/fishes?new=1');
    await waitFor(() => expect(shown()).toEqual(['Brown Trout']));
  });

  it('offers no switch when no fish is new', async () => {
    newFish = [];
    await renderPage();
    await screen.findByRole('heading', { name: 'Brown Trout' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText(/New in/)).toBeNull();
  });
});
