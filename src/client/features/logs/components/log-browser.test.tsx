import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { formatDateTime } from '../../../lib/format-date';
import { i18n, initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/logs.json';
import { fakeApi, json, type RecordedRequest } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { CATEGORY_LIST } from '../../../test/fixtures/catalogue';
import { birdItem, officialItem, pageOf } from '../../../test/fixtures/logs';
import { USER } from '../../../test/fixtures/users';
import { LogBrowser } from './log-browser';

const BIRD = '/en/query/bird-logs';
const OFFICIAL = '/en/query/official-logs';
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

let api: ReturnType<typeof fakeApi>;
const listRequests = (kind = 'bird') => api.to('GET', `/api/logs/${kind}`);
const lastList = (kind = 'bird') => listRequests(kind).at(-1)!.search;

function render(kind: 'bird' | 'official', url = kind === 'bird' ? BIRD : OFFICIAL) {
  const path = kind === 'bird' ? BIRD : OFFICIAL;
  return renderRoute(<LogBrowser kind={kind} />, { path, url });
}

const answer =
  (body: unknown, status = 200) =>
  () =>
    json(body, status);
/** A bait's button (and its info dialog) is named by what it shows, the bait and its type, then "bait info". */
/** The link to a record's detail, named by the time it shows, then what it opens: the catch of that fish. */
const detailLink = (fish: string) => new RegExp(`${fill(en.table.open, { fish })}$`);
const baitButton = (name: string) => new RegExp(`^${name} .*\\(${en.bait.show}\\)$`);

beforeAll(async () => {
  await initI18n('en');
  // Loaded up front: the first test would otherwise spend its wait on the lazy texts of a busy machine.
  await i18n.loadNamespaces('logs');
});

beforeEach(async () => {
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    'GET /api/logs/bird': answer(
      pageOf([birdItem(), birdItem({ id: 6, fish_id: 11, star_type: 0, bait2_id: 101, trust: 'probation' })]),
    ),
    'GET /api/logs/official': answer(pageOf([officialItem()])),
  });
  resetBaseConfig();
  await loadBaseConfig();
});

afterEach(() => clearSession());

// Each test renders the whole page (filters, table, drawer): on a busy 2-core machine that outgrows 5 s.
const SLOW = { timeout: 15_000 };

describe('AI records', SLOW, () => {
  it('shows fish with its star type, weight, map, bait with its type, and time, newest first as the server sends them', async () => {
    render('bird');
    const table = await screen.findByRole('table', { name: en.table.birdCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([en.table.fish, en.table.weight, en.table.map, en.table.bait, en.table.time]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    // Issue 23: the fish and the map lead to their own pages, in the page's language with their names' slugs.
    expect(first.getByRole('link', { name: 'Northern Pike' }).getAttribute('href')).toBe(
      '/en/guide/fishes/10-northern-pike',
    );
    expect(first.getByRole('link', { name: 'Amber Lake' }).getAttribute('href')).toBe('/en/maps/1-amber-lake');
    expect(first.getByRole('link', { name: detailLink('Northern Pike') }).getAttribute('href')).toBe(`${BIRD}?id=7`);
    expect(first.getByText('Super rare blue crown').closest('[data-rarity]')?.getAttribute('data-rarity')).toBe(
      'rate_rare_star',
    );
    expect(first.getByText('Amber Lake')).toBeTruthy();
    expect(first.getByText(/\d( k)?g$/)).toBeTruthy();
    expect(first.getByRole('button', { name: baitButton('Worm') })).toBeTruthy();
    expect(first.getByText('Live bait')).toBeTruthy();
    expect(first.getByText(formatDateTime('2026-11-20T08:15:00Z').slice(0, 10))).toBeTruthy();
    // A sandwich rig shows both baits.
    expect(within(rows[1]!).getAllByRole('button', { name: new RegExp(en.bait.show) })).toHaveLength(2);
    // Every catch says how far it is trusted (issue 24): a new logger's at once, before the heat map counts it.
    expect(first.getByTestId('trust-badge').textContent).toBe(en.trust.established);
    expect(within(rows[1]!).getByTestId('trust-badge').textContent).toBe(en.trust.probation);
    expect(screen.getByTestId('log-total').textContent).toBe(fill(en.list.total_other, { count: 2 }));
    expect(Object.fromEntries(lastList())).toEqual({ page: '1', page_size: '20' });
  });

  it('opens the bait info with its picture, other names and type', async () => {
    render('bird');
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getAllByRole('button', { name: baitButton('Worm') })[0]!);
    const dialog = await screen.findByRole('dialog', { name: baitButton('Worm') });
    expect(within(dialog).getByRole('img', { name: fill(en.bait.imageAlt, { name: 'Worm' }) })).toBeTruthy();
    expect(within(dialog).getByText(/蚯蚓/)).toBeTruthy();
    expect(within(dialog).getByText('Live bait')).toBeTruthy();
    // Issue 26: the bait's own page, in the page's language, and a click goes there.
    const link = within(dialog).getByRole('link', { name: en.bait.page });
    expect(link.getAttribute('href')).toBe('/en/query/baits/100-worm');
    fireEvent.click(link);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/query/baits/100-worm');
  });

  it('sends the filters of a shared URL with the contract names', async () => {
    render('bird', `${BIRD}?map=1&fish=10&bait=100&star=0&rod=telescopic&range=7d&page=2`);
    await screen.findByRole('table');
    const sent = lastList();
    expect(Object.fromEntries(sent)).toMatchObject({
      map_id: '1',
      fish_id: '10',
      bait_id: '100',
      star_type: '0',
      rod_type: 'telescopic',
      page: '2',
    });
    // "The last 7 days" end when the page asks.
    const from = Date.parse(sent.get('from')!);
    expect(Math.abs(Date.now() - 7 * 86_400_000 - from)).toBeLessThan(60_000);
    expect(sent.has('to')).toBe(false);
    expect(sent.has('mine')).toBe(false);
  });

  it('narrows the list to the spot a heat map cell links to, shown as a chip that removes it', async () => {
    const { router } = render('bird', `${BIRD}?map=1&range=7d&x_min=250&x_max=260&y_min=120.5&y_max=130`);
    await screen.findByRole('table');
    expect(Object.fromEntries(lastList())).toMatchObject({
      map_id: '1',
      x_min: '250',
      x_max: '260',
      y_min: '120.5',
      y_max: '130',
    });
    const chip = screen.getByTestId('log-spot');
    expect(chip.textContent).toBe(fill(en.filters.spot, { area: 'x 250–260 · y 120.5–130' }));
    fireEvent.click(within(chip).getByRole('button', { name: en.filters.removeSpot }));
    await waitFor(() => expect(router.state.location.search).toBe('?map=1&range=7d'));
    await waitFor(() => expect(lastList().has('x_min')).toBe(false));
    expect(lastList().has('y_max')).toBe(false);
    expect(screen.queryByTestId('log-spot')).toBeNull();
  });

  it('clears the spot with the other filters', async () => {
    const { router } = render('bird', `${BIRD}?x_min=5&fish=10`);
    await screen.findByRole('table');
    expect(screen.getByTestId('log-spot').textContent).toBe(fill(en.filters.spot, { area: 'x 5–… · y …–…' }));
    fireEvent.click(screen.getByRole('button', { name: en.filters.clearAll }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('log-spot')).toBeNull();
  });

  it('sends a custom range as from and to', async () => {
    render('bird', `${BIRD}?range=custom&from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z`);
    await screen.findByRole('table');
    expect(lastList().get('from')).toBe('2026-11-01T00:00:00.000Z');
    expect(lastList().get('to')).toBe('2026-11-08T00:00:00.000Z');
  });

  it('keeps a chosen filter in the URL, starts again at page 1 and offers only fish of the chosen map', async () => {
    const { router } = render('bird', `${BIRD}?page=3&fish=12`);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('combobox', { name: en.filters.map }));
    fireEvent.click(await screen.findByRole('option', { name: 'Amber Lake' }));
    // Brown Trout does not live on Amber Lake: that filter goes with the map change.
    await waitFor(() => expect(router.state.location.search).toBe('?map=1'));
    await waitFor(() => expect(lastList().get('map_id')).toBe('1'));
    expect(lastList().get('page')).toBe('1');
    expect(lastList().has('fish_id')).toBe(false);

    fireEvent.click(screen.getByRole('combobox', { name: en.filters.fish }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Northern Pike', 'Perch']);
  });

  it('pages with the total the server counted, and says when it stopped counting', async () => {
    api.on({ 'GET /api/logs/bird': answer(pageOf([birdItem()], { total: 45 })) });
    const { router } = render('bird');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: fill(en.pagination.page, { page: 3 }) }));
    await waitFor(() => expect(lastList().get('page')).toBe('3'));
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.queryByRole('button', { name: fill(en.pagination.page, { page: 4 }) })).toBeNull();

    api.on({ 'GET /api/logs/bird': answer(pageOf([birdItem()], { total: 10_000, total_exact: false })) });
    fireEvent.click(screen.getByRole('combobox', { name: en.filters.starType }));
    fireEvent.click(await screen.findByRole('option', { name: 'Star' }));
    await waitFor(() =>
      expect(screen.getByTestId('log-total').textContent).toBe(fill(en.list.totalMore, { total: '10,000' })),
    );
  });

  it('opens the detail of a clicked catch in a drawer with its own URL: map, conditions and compass', async () => {
    api.on({ 'GET /api/logs/bird/7': answer(birdItem()) });
    const { router } = render('bird', `${BIRD}?map=1`);
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getAllByRole('link', { name: detailLink('Northern Pike') })[0]!);

    const drawer = await screen.findByRole('dialog', { name: 'Northern Pike' });
    expect(router.state.location.search).toBe('?map=1&id=7');
    const detail = within(drawer);
    // x 250 of 0–1000, y 125 of 0–500 (north up): a quarter from the west, three quarters down.
    const marker = detail.getByTestId('map-marker');
    expect(marker.style.left).toBe('25%');
    expect(marker.style.top).toBe('75%');
    expect(detail.getByRole('img', { name: fill(en.detail.mapPreview, { map: 'Amber Lake' }) })).toBeTruthy();
    // Written as the heat map's readout writes a point.
    expect(detail.getByText('x 250 · y 125')).toBeTruthy();
    expect(detail.getByText('Amber Lake')).toBeTruthy();
    // Sunny at night reads "moonlit".
    expect(detail.getByText(en.weather.night.sunny)).toBeTruthy();
    expect(detail.getByText('18.5 °C')).toBeTruthy();
    expect(detail.getByText('3.5 m')).toBeTruthy();
    expect(detail.getByText('24:00')).toBeTruthy();
    expect(detail.getByText(en.direction.back)).toBeTruthy();
    expect(detail.getByText(fill(en.duration.minutes, { m: 1, s: 35 }))).toBeTruthy();
    const compass = detail.getByRole('img', {
      name: fill(en.detail.compassLabel, { point: en.compassLong.SE, angle: 135 }),
    });
    expect(compass.getAttribute('data-point')).toBe('SE');
    expect(compass.querySelector('[data-active]')?.textContent).toBe('SE');
    for (const point of ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']) expect(compass.textContent).toContain(point);
    expect(compass.textContent).toContain('135°');
    expect(detail.getByText(fill(en.detail.angle, { point: 'SE', angle: 135 }))).toBeTruthy();

    fireEvent.click(detail.getByRole('button', { name: en.detail.close }));
    await waitFor(() => expect(router.state.location.search).toBe('?map=1'));
  });

  it("opens the detail from anywhere on the row, but a click on the bait or a name's link stays theirs", async () => {
    api.on({ 'GET /api/logs/bird/7': answer(birdItem()) });
    const { router } = render('bird', `${BIRD}?map=1`);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    fireEvent.click(within(row).getByRole('button', { name: baitButton('Worm') }));
    expect(router.state.location.search).toBe('?map=1');
    fireEvent.click(within(row).getByRole('link', { name: 'Amber Lake' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/maps/1-amber-lake'));
    expect(router.state.location.search).toBe('');
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?map=1'));
    fireEvent.click(within(within(await screen.findByRole('table')).getAllByRole('row')[1]!).getByText('12.345 kg'));
    await screen.findByRole('dialog', { name: 'Northern Pike' });
    expect(router.state.location.search).toBe('?map=1&id=7');
  });

  it('opens the detail of a shared link from the API', async () => {
    api.on({ 'GET /api/logs/bird/99': answer(birdItem({ id: 99, fish_id: 11, night: false, weather: 'sunny' })) });
    render('bird', `${BIRD}?id=99`);
    const drawer = await screen.findByRole('dialog', { name: 'Perch' });
    expect(within(drawer).getByText(en.weather.day.sunny)).toBeTruthy();
    expect(api.to('GET', '/api/logs/bird/99')).toHaveLength(1);
  });

  it('says so when the record of a shared link does not exist', async () => {
    api.on({ 'GET /api/logs/bird/98': answer({ detail: 'CATCH_NOT_FOUND' }, 404) });
    render('bird', `${BIRD}?id=98`);
    expect(await screen.findByText(en.detail.notFound)).toBeTruthy();
    expect(api.to('GET', '/api/logs/bird/98')).toHaveLength(1);
  });

  it('shows the empty state with a way to clear the filters', async () => {
    api.on({ 'GET /api/logs/bird': answer(pageOf([])) });
    const { router } = render('bird', `${BIRD}?fish=10`);
    expect(await screen.findByText(en.empty.filtered)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.empty.clearFilters }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the load-failed state and recovers on retry', async () => {
    let fail = true;
    api.on({
      'GET /api/logs/bird': () => (fail ? json({ detail: 'boom' }, 500) : json(pageOf([birdItem()]))),
    });
    render('bird');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(en.error.title)).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: en.error.retry }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});

describe('official records', SLOW, () => {
  it('adds weight and player, and sends the rod filter as the category', async () => {
    render('official', `${OFFICIAL}?rod=ultralight`);
    const table = await screen.findByRole('table', { name: en.table.officialCaption });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      en.table.fish,
      en.table.weight,
      en.table.map,
      en.table.bait,
      en.table.player,
      en.table.time,
    ]);
    expect(within(table).getByText('Old Salt')).toBeTruthy();
    expect(within(table).getByText('25 kg')).toBeTruthy();
    expect(lastList('official').get('category')).toBe('ultralight');
    expect(lastList('official').has('rod_type')).toBe(false);
    expect(screen.getByRole('combobox', { name: en.filters.category })).toBeTruthy();
  });

  it('has no spot filter: official records carry no coordinates', async () => {
    render('official', `${OFFICIAL}?x_min=250&x_max=260`);
    await screen.findByRole('table');
    expect(lastList('official').has('x_min')).toBe(false);
    expect(screen.queryByTestId('log-spot')).toBeNull();
  });

  it("shows a record's missing measurements as — and leaves out the map and compass", async () => {
    api.on({ 'GET /api/logs/official/70': answer(officialItem()) });
    render('official', `${OFFICIAL}?id=70`);
    const drawer = await screen.findByRole('dialog', { name: 'Northern Pike' });
    expect(within(drawer).getByText('Old Salt')).toBeTruthy();
    expect(within(drawer).getAllByText(en.detail.unknown).length).toBeGreaterThanOrEqual(6);
    expect(within(drawer).queryByTestId('map-preview')).toBeNull();
    expect(within(drawer).queryByRole('img', { name: /Compass/ })).toBeNull();
  });

  it("'mine' asks a visitor to log in, and asks nothing of the server", async () => {
    const { router } = render('official', `${OFFICIAL}?mine=true`);
    const prompt = await screen.findByTestId('mine-login');
    expect(within(prompt).getByText(en.mine.loginTitle)).toBeTruthy();
    expect(listRequests('official')).toHaveLength(0);
    fireEvent.click(within(prompt).getByRole('link', { name: en.mine.login }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`${OFFICIAL}?mine=true`)}`);
  });

  it("'mine' sends a user without a bound logger to bind one", async () => {
    setSession({ token: 'tok', userInfo: { ...USER, client_id: null } });
    render('official', `${OFFICIAL}?mine=true`);
    const prompt = await screen.findByTestId('mine-bind');
    expect(within(prompt).getByRole('link', { name: en.mine.bind }).getAttribute('href')).toBe('/en/user/my-data');
    expect(listRequests('official')).toHaveLength(0);
  });

  it("'mine' with a bound logger asks for the user's own records with the token", async () => {
    setSession({ token: 'tok', userInfo: { ...USER, client_id: 'bird_0123456789abcdefABCDEF' } });
    render('official');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('switch', { name: en.filters.mine }));
    await waitFor(() => expect(lastList('official').get('mine')).toBe('true'));
    const request = listRequests('official').at(-1) as RecordedRequest;
    expect(request.headers.Authorization).toBe('Bearer tok');
  });
});
