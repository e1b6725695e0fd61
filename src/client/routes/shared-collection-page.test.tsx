import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicCollectionResponse } from '#shared/contracts/collection';
import { COLLECTION_PAGE_ROUTE } from '#shared/pages';
import { loadBaseConfig, resetBaseConfig } from '../lib/base-config';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession } from '../lib/session';
import en from '../locales/en/collection.json';
import { CATEGORY_LIST } from '../test/fixtures/catalogue';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { Component as SharedCollectionPage } from './shared-collection-page';

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrSt_-';
const PUBLIC = `/api/collections/${SHARE_ID}`;

const SHARED: PublicCollectionResponse = {
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
      catch_count: 3,
      heaviest: { weight: 2_000, caught_at: '2026-11-18T08:00:00Z', map_id: 1, star_type: 448 },
      best_star_type: 448,
    },
    { fish_id: 11, caught: false, catch_count: 0, heaviest: null, best_star_type: null },
    { fish_id: 12, caught: false, catch_count: 0, heaviest: null, best_star_type: null },
  ],
};

let api: ReturnType<typeof fakeApi>;

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('collection');
});

beforeEach(async () => {
  clearSession();
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    [`GET ${PUBLIC}`]: () => json(SHARED),
  });
  resetBaseConfig();
  await loadBaseConfig();
});

afterEach(() => clearSession());

const render = (id = SHARE_ID) =>
  renderRoute(<SharedCollectionPage />, { path: `/en${COLLECTION_PAGE_ROUTE}`, url: `/en/collection/${id}` });

describe('a shared collection page', { timeout: 15_000 }, () => {
  it('shows the collection to a visitor and says what it shows, without the hints of the owner page', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: en.shared.title })).toBeTruthy();
    expect(screen.getByText(en.shared.description)).toBeTruthy();
    expect((await screen.findByTestId('collection-progress')).textContent).toBe('1 of 3 fish caught');
    expect(screen.getByRole('heading', { name: 'Northern Pike' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByTestId('biting-now')).toBeNull();
    expect(api.to('GET', PUBLIC)[0]!.headers.Authorization).toBeUndefined();
    expect(api.to('GET', '/api/bait-guide/top')).toHaveLength(0);
  });

  it('says the collection is not shared when its link is dead', async () => {
    api.on({ [`GET ${PUBLIC}`]: () => json({ detail: 'COLLECTION_NOT_FOUND' }, 404) });
    render();
    expect(await screen.findByText(en.shared.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.shared.home }).getAttribute('href')).toBe('/en');
  });

  it('is the not-found page for a segment that cannot be a share id, without asking the server', async () => {
    render('nope');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText(en.shared.title)).toBeNull();
    expect(api.to('GET', '/api/collections/nope')).toHaveLength(0);
  });
});
