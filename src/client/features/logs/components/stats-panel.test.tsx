import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StatsResponse } from '#shared/contracts/catches';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { formatDateTime } from '../../../lib/format-date';
import { i18n, initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/logs.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { CATEGORY_LIST } from '../../../test/fixtures/catalogue';
import { birdItem } from '../../../test/fixtures/logs';
import { USER } from '../../../test/fixtures/users';
import { StatsPanel } from './stats-panel';

const BOUND = { ...USER, client_id: 'bird_0123456789abcdefABCDEF' };
const PATH = '/en/user/my-data';
const STATS = '/api/users/me/stats';

const stats = (fields: Partial<StatsResponse> = {}): StatsResponse => ({
  tz: 'Asia/Shanghai',
  today_income: 12_000,
  yesterday_income: 5_000,
  income_change_pct: 140,
  today_star_count: 2,
  yesterday_star_count: 0,
  star_change_pct: null,
  recent_catches: [birdItem()],
  recent_sales: [{ id: 1, sold_at: '2026-11-20T09:00:00Z', income: 7_000, fish_count: 9, star_count: 2 }],
  ...fields,
});

let api: ReturnType<typeof fakeApi>;

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('logs');
});

beforeEach(async () => {
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    [`GET ${STATS}`]: () => json(stats()),
  });
  resetBaseConfig();
  await loadBaseConfig();
  setSession({ token: 'tok', userInfo: BOUND });
});

afterEach(() => clearSession());

describe('StatsPanel', { timeout: 15_000 }, () => {
  it("asks for today in the browser's time zone and shows income and stars with the change versus yesterday", async () => {
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    const today = await screen.findByTestId('stats-today');
    expect(api.to('GET', STATS)[0]!.search.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(api.to('GET', STATS)[0]!.headers.Authorization).toBe('Bearer tok');

    const [income, stars] = within(today).getAllByTestId('stat-card');
    expect(within(income!).getByText('12,000')).toBeTruthy();
    expect(within(income!).getByText('+140%').getAttribute('aria-label')).toBe(en.stats.up.replace('{{pct}}', '140%'));
    expect(income!.querySelector('[data-change]')?.getAttribute('data-change')).toBe('up');
    expect(within(income!).getByText(en.stats.yesterday.replace('{{value}}', '5,000'))).toBeTruthy();
    // Yesterday had no stars, today two: no percentage, but a rise from nothing, said so.
    expect(within(stars!).getByText('2')).toBeTruthy();
    expect(within(stars!).getByText(en.stats.newToday)).toBeTruthy();
    expect(stars!.querySelector('[data-change]')?.getAttribute('data-change')).toBe('new');
  });

  it('shows a dash, with a word, only when there is nothing either day', async () => {
    api.on({ [`GET ${STATS}`]: () => json(stats({ today_star_count: 0 })) });
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    const today = await screen.findByTestId('stats-today');
    const stars = within(today).getAllByTestId('stat-card')[1]!;
    expect(within(stars).getByText(`— ${en.stats.nothingToCompare}`)).toBeTruthy();
    expect(stars.querySelector('[data-change]')?.getAttribute('data-change')).toBe('none');
  });

  it('shows a fall in red words and the recent catches and sales', async () => {
    api.on({ [`GET ${STATS}`]: () => json(stats({ income_change_pct: -12.5 })) });
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    expect((await screen.findByText('−12.5%')).getAttribute('aria-label')).toBe(
      en.stats.down.replace('{{pct}}', '12.5%'),
    );

    const catchLink = screen.getByRole('link', { name: 'Northern Pike' });
    expect(catchLink.getAttribute('href')).toBe('/en/query/bird-logs?id=7');
    expect(screen.getByText('12.345 kg')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.stats.allMine }).getAttribute('href')).toBe(
      '/en/query/bird-logs?mine=true',
    );
    const sales = screen.getByRole('table', { name: en.stats.recentSales });
    const cells = within(sales).getAllByRole('row')[1]!.querySelectorAll('td');
    expect([...cells].map((cell) => cell.textContent)).toEqual([
      formatDateTime('2026-11-20T09:00:00Z'),
      '7,000',
      '9',
      '2',
    ]);
  });

  it('says there is nothing yet when the logger has sent nothing', async () => {
    api.on({
      [`GET ${STATS}`]: () =>
        json(stats({ today_income: 0, income_change_pct: null, recent_catches: [], recent_sales: [] })),
    });
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    expect(await screen.findByText(en.stats.noCatches)).toBeTruthy();
    expect(screen.getByText(en.stats.noSales)).toBeTruthy();
  });

  it('asks nothing of the server without a bound logger, and says how to get stats', async () => {
    renderRoute(<StatsPanel user={USER} />, { path: PATH });
    expect(await screen.findByText(en.stats.bindFirst)).toBeTruthy();
    expect(api.to('GET', STATS)).toHaveLength(0);
  });

  it('offers a retry when the stats fail to load', async () => {
    api.on({ [`GET ${STATS}`]: () => json({ detail: 'boom' }, 500) });
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: en.stats.retry })).toBeTruthy();
  });
});
