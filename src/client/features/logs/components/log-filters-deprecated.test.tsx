import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { i18n, initI18n } from '../../../lib/i18n';
import en from '../../../locales/en/logs.json';
import { fakeApi, json } from '../../../test/fake-api';
import { BAITS, CATEGORY_LIST, MAPS } from '../../../test/fixtures/catalogue';
import { birdItem, pageOf } from '../../../test/fixtures/logs';
import { renderRoute } from '../../../test/render-route';
import { LogBrowser } from './log-browser';

// Bread (bait 101) and North River (map 2) are gone from the game: marked deprecated in the catalogue.
const CATALOGUE = {
  ...CATEGORY_LIST,
  maps: MAPS.map((map) => ({ ...map, deprecated: map.id === 2 })),
  baits: BAITS.map((bait) => ({ ...bait, deprecated: bait.id === 101 })),
};
const BIRD = '/en/query/bird-logs';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('logs');
});
beforeEach(async () => {
  fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATALOGUE }),
    'GET /api/logs/bird': () => json(pageOf([birdItem({ id: 6, bait2_id: 101 })])),
  });
  resetBaseConfig();
  await loadBaseConfig();
});
afterEach(() => resetBaseConfig());

const optionsOf = async (label: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Escape' });
  return options;
};

describe('deprecated catalogue items in the log pages', { timeout: 15_000 }, () => {
  it('are not offered by the pickers, but the table still names them', async () => {
    renderRoute(<LogBrowser kind="bird" />, { path: BIRD });
    const table = await screen.findByRole('table', { name: en.table.birdCaption });
    expect(within(table).getAllByText(/Bread/).length).toBeGreaterThan(0);
    expect(await optionsOf(en.filters.bait)).toEqual(['Worm']);
    expect(await optionsOf(en.filters.map)).toEqual(['Amber Lake']);
  });

  it('keep the one a link already chose, so the filter still shows it', async () => {
    renderRoute(<LogBrowser kind="bird" />, { path: BIRD, url: `${BIRD}?bait=101` });
    await screen.findByRole('table', { name: en.table.birdCaption });
    expect((screen.getByRole('combobox', { name: en.filters.bait }) as HTMLInputElement).value).toBe('Bread');
    expect((await optionsOf(en.filters.bait)).sort()).toEqual(['Bread', 'Worm']);
  });
});
