import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PersonalBest, StatsResponse } from '#shared/contracts/catches';
import { TROPHY_STAR_TYPES } from '#shared/game/catch-attributes';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { i18n, initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/logs.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { CATEGORY_LIST } from '../../../test/fixtures/catalogue';
import { birdItem } from '../../../test/fixtures/logs';
import { USER } from '../../../test/fixtures/users';
import { BESTS_SHOWN } from './personal-bests';
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
  total_catches: 1_234,
  personal_bests: [],
  trophy_counts: TROPHY_STAR_TYPES.map((star_type) => ({
    star_type,
    count: star_type === 448 ? 3 : star_type === 452 ? 1_002 : 0,
  })),
  recent_trophies: [
    { id: 31, caught_at: '2026-11-19T10:00:00Z', map_id: 1, fish_id: 12, star_type: 448, weight: 2_000 },
  ],
  ...fields,
});

/** Newest best first, as the server sends them. */
const TWO_BESTS = () => [
  best({ fish_id: 11, id: 21, weight: 850, catch_count: 3, map_id: 2, bait_id: 101, bait2_id: 100, star_type: 0 }),
  best({ fish_id: 10, id: 20, weight: 12_345, catch_count: 40 }),
];

function best(fields: Partial<PersonalBest> = {}): PersonalBest {
  return {
    fish_id: 10,
    catch_count: 1,
    id: 20,
    weight: 1_000,
    caught_at: '2026-11-18T08:00:00Z',
    map_id: 1,
    bait_id: 100,
    bait2_id: null,
    star_type: 452,
    ...fields,
  };
}

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

  it('shows the all-time catches, species and trophies, the trophies by class and the latest trophies', async () => {
    api.on({ [`GET ${STATS}`]: () => json(stats({ personal_bests: TWO_BESTS() })) });
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    const allTime = await screen.findByTestId('stats-all-time');
    expect(allTime.textContent).toBe(
      `${en.stats.totalCatches}1,234${en.stats.speciesCaught}2${en.stats.trophyTotal}1,005`,
    );
    const classes = screen.getByRole('list', { name: en.stats.trophiesByClass });
    const counts = within(classes).getAllByTestId('trophy-count');
    expect(counts.map((item) => item.textContent)).toEqual([
      '4460',
      '4470',
      'Star3',
      '4490',
      '4500',
      '4510',
      'Super rare blue crown1,002',
    ]);
    // A class not caught yet is shown (dimmed), not hidden.
    expect(counts.map((item) => item.hasAttribute('data-empty'))).toEqual([true, true, false, true, true, true, false]);
    expect(screen.getByRole('link', { name: 'Brown Trout' }).getAttribute('href')).toBe('/en/query/bird-logs?id=31');
  });

  it('lists the heaviest catch of each fish with where, on what, when and how often, sorted as asked', async () => {
    const trout = best({ fish_id: 12, id: 22, weight: 2_000, catch_count: 40, star_type: 0 });
    const [perchBest, pikeBest] = TWO_BESTS();
    api.on({
      [`GET ${STATS}`]: () => json(stats({ personal_bests: [perchBest!, trout, { ...pikeBest!, catch_count: 50 }] })),
    });
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    const list = await screen.findByRole('list', { name: en.stats.personalBests });
    const rows = () => within(list).getAllByTestId('personal-best');
    // The server's order (newest best first) until another is chosen.
    const names = () => rows().map((row) => within(row).getByRole('link').textContent);
    expect(names()).toEqual(['Perch', 'Brown Trout', 'Northern Pike']);
    const perch = rows()[0]!;
    expect(within(perch).getByRole('link').getAttribute('href')).toBe('/en/query/bird-logs?id=21');
    expect(within(perch).getByText('North River · Bread + Worm')).toBeTruthy();
    expect(within(perch).getByText('850 g')).toBeTruthy();
    expect(within(perch).getByText(formatDate('2026-11-18T08:00:00Z'))).toBeTruthy();
    expect(within(perch).getByText('×3')).toBeTruthy();
    expect(within(perch).getByText('Caught 3 times')).toBeTruthy();
    const pike = rows()[2]!;
    expect(within(pike).getByText('12.345 kg')).toBeTruthy();
    expect(within(pike).getByText('Super rare blue crown')).toBeTruthy();
    expect(within(pike).getByText('Amber Lake · Worm')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: en.stats.bestsBy.mostCaught }));
    expect(names()).toEqual(['Northern Pike', 'Brown Trout', 'Perch']);
    fireEvent.click(screen.getByRole('radio', { name: en.stats.bestsBy.name }));
    expect(names()).toEqual(['Brown Trout', 'Northern Pike', 'Perch']);
    fireEvent.click(screen.getByRole('radio', { name: en.stats.bestsBy.newest }));
    expect(names()).toEqual(['Perch', 'Brown Trout', 'Northern Pike']);
  });

  it(`shows ${BESTS_SHOWN} personal bests, and all on request`, async () => {
    const many = Array.from({ length: BESTS_SHOWN + 2 }, (_, i) => best({ fish_id: 1_000 + i, id: 100 + i }));
    api.on({ [`GET ${STATS}`]: () => json(stats({ personal_bests: many })) });
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    const list = await screen.findByRole('list', { name: en.stats.personalBests });
    expect(within(list).getAllByTestId('personal-best')).toHaveLength(BESTS_SHOWN);
    fireEvent.click(screen.getByRole('button', { name: `Show all ${BESTS_SHOWN + 2} fish` }));
    expect(within(list).getAllByTestId('personal-best')).toHaveLength(BESTS_SHOWN + 2);
    // A fish the catalogue does not know still has its line.
    expect(within(list).getAllByText(en.detail.unknownFish)).toHaveLength(BESTS_SHOWN + 2);
    fireEvent.click(screen.getByRole('button', { name: en.stats.showFewer }));
    expect(within(list).getAllByTestId('personal-best')).toHaveLength(BESTS_SHOWN);
  });

  it('says there is nothing yet when the logger has sent nothing', async () => {
    api.on({
      [`GET ${STATS}`]: () =>
        json(
          stats({
            today_income: 0,
            income_change_pct: null,
            recent_catches: [],
            recent_sales: [],
            total_catches: 0,
            personal_bests: [],
            trophy_counts: TROPHY_STAR_TYPES.map((star_type) => ({ star_type, count: 0 })),
            recent_trophies: [],
          }),
        ),
    });
    renderRoute(<StatsPanel user={BOUND} />, { path: PATH });
    expect(await screen.findByText(en.stats.noCatches)).toBeTruthy();
    expect(screen.getByText(en.stats.noSales)).toBeTruthy();
    expect(screen.getByText(en.stats.noBests)).toBeTruthy();
    expect(screen.getByText(en.stats.noTrophies)).toBeTruthy();
    expect(screen.getByTestId('stats-all-time').textContent).toBe(
      `${en.stats.totalCatches}0${en.stats.speciesCaught}0${en.stats.trophyTotal}0`,
    );
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
