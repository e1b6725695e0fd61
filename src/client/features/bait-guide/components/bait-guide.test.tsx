import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { formatDateTime } from '../../../lib/format-date';
import { initI18n } from '../../../lib/i18n';
import zh from '../../../locales/zh/bait-guide.json';
import zhCommon from '../../../locales/zh/common.json';
import { fakeApi, json, type RecordedRequest } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import {
  CATALOGUE,
  EMPTY_GUIDE,
  FROM,
  PIKE_DETAIL,
  PIKE_GUIDE,
  PIKE_ON_MAP_2,
  TO,
  TOP,
} from '../../../test/fixtures/bait-guide';
import { BaitGuide } from './bait-guide';

// Only the HTTP boundary is faked: the catalogue and the guide's answers come through a stubbed fetch.
let api: ReturnType<typeof fakeApi>;
let failGuide = false;

function guideFor(request: RecordedRequest) {
  const fish = request.search.get('fish_id');
  const map = request.search.get('map_id');
  if (fish === '10' && map === null && request.search.get('trust') === 'all')
    return json({ ...PIKE_GUIDE, total: 150, trust: 'all' });
  if (fish === '10' && map === null) return json(PIKE_GUIDE);
  if (fish === '10' && map === '2') return json(PIKE_ON_MAP_2);
  return json(EMPTY_GUIDE(Number(fish), map === null ? null : Number(map)));
}

beforeAll(async () => {
  await initI18n('zh');
});

const warn = console.warn;
afterEach(() => {
  console.warn = warn;
});

beforeEach(async () => {
  // jsdom lays nothing out, so the charts measure 0 × 0 and recharts says so; the tables carry the same numbers.
  console.warn = vi.fn((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('The width(0) and height(0) of chart')) return;
    warn(...args);
  });
  failGuide = false;
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATALOGUE }),
    'GET /api/bait-guide': (request) => (failGuide ? json({ detail: 'busy' }, 503) : guideFor(request)),
    'GET /api/bait-guide/detail': () => json(PIKE_DETAIL),
    'GET /api/bait-guide/top': () => json(TOP),
  });
  resetBaseConfig();
  await loadBaseConfig();
});

function renderPage(url = '/query/bait-guide') {
  return renderRoute(<BaitGuide />, { path: '/query/bait-guide', url }).router;
}

const catches = (count: number) => zh.summary.catches_other.replace('{{formatted}}', String(count));
/** What a screen reader hears in a row resting on fewer than the default minimum sample (30), dimmed for others. */
const THIN = ` (${zhCommon.shareInterval.thin.replace('{{min}}', '30')})`;
const ranking = () => screen.getByRole('list', { name: zh.ranking.label });
/** The shown rows as "name share count". */
const rows = () =>
  within(ranking())
    .getAllByRole('listitem')
    .map((row) =>
      [
        within(row).getByTestId('bait-name').textContent,
        within(row).getByTestId('bait-share').textContent,
        within(row).getByTestId('bait-count').textContent,
      ].join(' '),
    );

async function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// The first test to open the details loads the charts chunk (recharts), which takes a while on a busy machine.
describe('BaitGuide', { timeout: 20_000 }, () => {
  it('asks for a fish first, offering the fish reported most', async () => {
    const router = renderPage();
    expect(await screen.findByText(zh.prompt.title)).toBeTruthy();
    expect(api.to('GET', '/api/bait-guide')).toHaveLength(0);
    // Most catches first: the trout (300) before the pike (120).
    const popular = await screen.findByRole('list', { name: zh.prompt.popular });
    expect(
      within(popular)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['鳟鱼', '白斑狗鱼']);
    fireEvent.click(within(popular).getByRole('link', { name: '白斑狗鱼' }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=10'));
    expect(await screen.findByRole('list', { name: zh.ranking.label })).toBeTruthy();
  });

  it('ranks the baits by share with their counts, the sample size and the window', async () => {
    renderPage('/query/bait-guide?fish_id=10');
    await screen.findByRole('list', { name: zh.ranking.label });
    const request = api.to('GET', '/api/bait-guide')[0]!;
    expect(request.search.get('fish_id')).toBe('10');
    expect(request.search.has('map_id')).toBe(false);

    // Baits under 3 catches wait behind "show all"; bait types come from the catalogue.
    expect(rows()).toEqual([
      `蚯蚓 50% ${catches(60)}`,
      `旋转亮片 33% ${catches(40)}`,
      `玉米 13% ${catches(15)}`,
      `软虫 3% ${catches(3)}`,
    ]);
    expect(within(ranking()).getAllByText('活饵')).toHaveLength(2);
    expect(screen.getByTestId('sample-size').textContent).toBe(catches(120));
    expect(screen.getByTestId('window').textContent).toContain(
      `${formatDateTime(FROM).slice(0, 16)} – ${formatDateTime(TO).slice(0, 16)}`,
    );
    expect(screen.getByTestId('scope').textContent).toBe(zh.summary.allMaps);
    expect(screen.getByText(zh.ranking.hidden_other.replace('{{count}}', '1').replace('{{min}}', '3'))).toBeTruthy();
  });

  it('counts unverified catches too once the switch is on, in the URL, and says what the sample counts', async () => {
    const router = renderPage('/query/bait-guide?fish_id=10');
    await screen.findByRole('list', { name: zh.ranking.label });
    expect(api.to('GET', '/api/bait-guide')[0]!.search.has('trust')).toBe(false);
    expect(screen.getByTestId('counted').textContent).toBe(zh.summary.countedTrusted);
    fireEvent.click(screen.getByRole('switch', { name: new RegExp(`^${zh.filters.includeUnverified}`) }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=10&trust=all'));
    await waitFor(() => expect(api.to('GET', '/api/bait-guide').at(-1)!.search.get('trust')).toBe('all'));
    await waitFor(() => expect(screen.getByTestId('counted').textContent).toBe(zh.summary.countedAll));
    expect(screen.getByTestId('sample-size').textContent).toBe(catches(150));
  });

  it("shows the rare baits on 'show all' and hides them again", async () => {
    renderPage('/query/bait-guide?fish_id=10');
    await screen.findByRole('list', { name: zh.ranking.label });
    const showAll = screen.getByRole('button', { name: zh.ranking.showAll_other.replace('{{count}}', '5') });
    expect(showAll.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(showAll);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[4]).toBe(`面包 2% ${catches(2)}`);
    fireEvent.click(screen.getByRole('button', { name: zh.ranking.showFewer.replace('{{min}}', '3') }));
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it('keeps the fish and the map in the URL, offering only the maps the fish lives on', async () => {
    const router = renderPage();
    await screen.findByText(zh.prompt.title);
    // Searchable by a name in another language than the page's.
    const fishInput = screen.getByRole('combobox', { name: zh.filters.fish });
    // Focused, as typing leaves it (a change to an unfocused input is taken for autofill).
    fishInput.focus();
    fireEvent.change(fishInput, { target: { value: 'pike' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['白斑狗鱼']),
    );
    fireEvent.click(await screen.findByRole('option', { name: '白斑狗鱼' }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=10'));
    await screen.findByRole('list', { name: zh.ranking.label });

    fireEvent.click(screen.getByRole('combobox', { name: zh.filters.map }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options.sort()).toEqual(['北河', '琥珀湖'].sort());
    fireEvent.click(screen.getByRole('option', { name: '北河' }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=10&map_id=2'));
    await waitFor(() => expect(rows()).toEqual([`旋转亮片 70% ${catches(7)}`, `蚯蚓 30% ${catches(3)}`]));
    expect(api.to('GET', '/api/bait-guide').at(-1)!.search.get('map_id')).toBe('2');
    expect(screen.getByTestId('scope').textContent).toBe('北河');

    // A new fish starts on every map again.
    await pick(zh.filters.fish, '鲈鱼');
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=11'));
  });

  it('restores the selection and the open details from the URL, with the shares and the three splits', async () => {
    const router = renderPage('/query/bait-guide?fish_id=10&map_id=1&details=1');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/白斑狗鱼/, { selector: 'h2' })).toBeTruthy();
    const legend = await within(dialog).findByTestId('shares-legend');
    const detail = api.to('GET', '/api/bait-guide/detail')[0]!;
    expect(detail.search.get('fish_id')).toBe('10');
    expect(detail.search.get('map_id')).toBe('1');
    expect(
      within(legend)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      `蚯蚓50% (41–59%)${catches(60)}`,
      `旋转亮片33% (26–42%)${catches(40)}`,
      `玉米13% (8–20%)${catches(15)}${THIN}`,
      `软虫3% (1–7%)${catches(3)}${THIN}`,
      `面包2% (0–6%)${catches(2)}${THIN}`,
    ]);

    // Game hours in game order, each with its sample and leading baits.
    const hours = within(dialog).getByRole('table', { name: zh.details.byHour });
    const hourRows = within(hours).getAllByRole('row').slice(1);
    expect(hourRows.map((row) => row.textContent)).toEqual([
      '06:00100蚯蚓 55% (45–64%)旋转亮片 25% (18–34%)玉米 15% (9–23%)',
      `18:0020${THIN}旋转亮片 75% (53–89%)蚯蚓 25% (11–47%)`,
    ]);

    fireEvent.click(within(dialog).getByRole('tab', { name: zh.details.byDepth }));
    const depths = await within(dialog).findByRole('table', { name: zh.details.byDepth });
    expect(
      within(depths)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '0–5 m90蚯蚓 67% (56–76%)旋转亮片 11% (6–19%)玉米 17% (10–26%)',
      '5–10 m30旋转亮片 100% (89–100%)',
      `10–20 m1${THIN}${zh.details.tooFew}`,
    ]);

    fireEvent.click(within(dialog).getByRole('tab', { name: zh.details.byWeather }));
    const weathers = await within(dialog).findByRole('table', { name: zh.details.byWeather });
    expect(
      within(weathers)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      `${zh.weather.sunny}80蚯蚓 63% (52–72%)旋转亮片 38% (28–48%)`,
      `${zh.weather.thunderstorm}40旋转亮片 25% (14–40%)蚯蚓 25% (14–40%)玉米 38% (24–53%)`,
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: zh.details.close }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=10&map_id=1'));
  });

  it('opens the detailed proportions from a bait row and from the details button', async () => {
    const router = renderPage('/query/bait-guide?fish_id=10');
    await screen.findByRole('list', { name: zh.ranking.label });
    fireEvent.click(within(ranking()).getAllByRole('button')[1]!);
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=10&details=1'));
    expect(await screen.findByRole('dialog')).toBeTruthy();

    router.navigate('/query/bait-guide?fish_id=10');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: zh.ranking.details }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=10&details=1'));
  });

  it("leads to each bait's page from its name, and to the fish's and the map's pages (issue 23)", async () => {
    const router = renderPage('/query/bait-guide?fish_id=10&map_id=2');
    await screen.findByRole('list', { name: zh.ranking.label });
    const worm = within(ranking()).getByRole('link', { name: '蚯蚓' });
    expect(worm.getAttribute('href')).toBe('/query/baits/100-蚯蚓');
    const pages = within(screen.getByTestId('guide-pages'));
    expect(pages.getByRole('link', { name: zh.pages.fish.replace('{{fish}}', '白斑狗鱼') }).getAttribute('href')).toBe(
      '/guide/fishes/10-白斑狗鱼',
    );
    expect(pages.getByRole('link', { name: zh.pages.map.replace('{{map}}', '北河') }).getAttribute('href')).toBe(
      '/maps/2-北河',
    );
    // The name is the link's, not the row's: a click on it goes to the bait's page, not to the details.
    fireEvent.click(worm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/query/baits/100-蚯蚓'));
    expect(router.state.location.search).toBe('');
  });

  it('says when the fish had no catch in the window, and offers every map', async () => {
    const router = renderPage('/query/bait-guide?fish_id=10&map_id=1');
    expect(await screen.findByText(zh.empty.title)).toBeTruthy();
    expect(screen.getByText('近 3 天琥珀湖没有白斑狗鱼的渔获上报。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: zh.empty.allMaps }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish_id=10'));
    expect(await screen.findByRole('list', { name: zh.ranking.label })).toBeTruthy();
  });

  it('offers a retry when the guide failed to load', async () => {
    failGuide = true;
    renderPage('/query/bait-guide?fish_id=10');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(zh.error.title)).toBeTruthy();
    failGuide = false;
    fireEvent.click(within(alert).getByRole('button', { name: zh.error.retry }));
    expect(await screen.findByRole('list', { name: zh.ranking.label })).toBeTruthy();
  });
});
