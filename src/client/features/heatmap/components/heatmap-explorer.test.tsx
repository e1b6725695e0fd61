import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { formatDateTime } from '../../../lib/format-date';
import { i18n, initI18n } from '../../../lib/i18n';
import enCommon from '../../../locales/en/common.json';
import en from '../../../locales/en/heatmap.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { HEAT_RAMP } from '../heat-scale';
import type { HeatCellResponse } from '#shared/contracts/catches';
import { CATEGORY_LIST, FISH } from '../../../test/fixtures/catalogue';
import { cellOf, heatmapOf } from '../../../test/fixtures/heatmap';
import { HeatmapExplorer } from './heatmap-explorer';

const HOME = '/en';
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

let api: ReturnType<typeof fakeApi>;
const heatRequests = () => api.to('GET', '/api/heatmap');
const lastHeat = () => Object.fromEntries(heatRequests().at(-1)!.search);

/**
 * What the heat layer drew in its last frame (jsdom has no canvas: a fake context records each filled block with its
 * colour and screen box).
 */
let frames: { color: string; x: number; y: number; w: number; h: number }[][];
const lastFrame = () => frames.at(-1) ?? [];

/** The map's box as a phone lays it out: 390 × 195 CSS pixels (jsdom lays out nothing). */
const MAP_SIZE = { x: 390, y: 195 };

function render(url = HOME) {
  return renderRoute(<HeatmapExplorer />, { path: HOME, url });
}

/** The map's picture finishes loading (jsdom loads no images). */
async function pictureLoads() {
  const picture = await waitFor(() => {
    const img = document.querySelector<HTMLImageElement>('img.leaflet-image-layer:not(.heat-layer)');
    expect(img).toBeTruthy();
    return img!;
  });
  fireEvent.load(picture);
}

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('heatmap');
  // The lazy map view (Leaflet) is loaded up front: the first test would otherwise spend its wait on the import.
  await import('./heat-map-view');
});

beforeEach(async () => {
  frames = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => {
    const context = {
      fillStyle: '',
      strokeStyle: '',
      lineWidth: 1,
      globalAlpha: 1,
      setTransform: () => undefined,
      clearRect: () => frames.push([]),
      fillRect: (x: number, y: number, w: number, h: number) =>
        frames.at(-1)!.push({ color: String(context.fillStyle), x, y, w, h }),
      strokeRect: () => undefined,
    };
    return context as unknown as CanvasRenderingContext2D;
  });
  const leaflet = (element: HTMLElement) => element.classList.contains('leaflet-container');
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return leaflet(this) ? MAP_SIZE.x : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return leaflet(this) ? MAP_SIZE.y : 0;
  });
  api = fakeApi({
    'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
    'GET /api/system/get_fishes_by_map_id': (request) =>
      json({ items: FISH.filter((fish) => fish.data.maps.includes(Number(request.search.get('map_id')))) }),
    'GET /api/heatmap': () =>
      json(
        heatmapOf([
          [25, 12, 41],
          [0, 0, 1],
          [99, 49, 7],
        ]),
      ),
    'GET /api/heatmap/cell': () => json(cellOf()),
  });
  resetBaseConfig();
  await loadBaseConfig();
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Each test renders the page with Leaflet: on a busy 2-core machine that outgrows 5 s.
const SLOW = { timeout: 15_000 };

describe('home heat map', SLOW, () => {
  it('draws the first map by default: darker cells for more catches, the legend, the total and the freshness', async () => {
    render();
    const map = await screen.findByRole('region', { name: fill(en.map.label, { map: 'Amber Lake' }) });
    expect(lastHeat()).toEqual({ map_id: '1', range: '7d' });
    await pictureLoads();
    await waitFor(() => expect(screen.getByTestId('heatmap').getAttribute('data-state')).toBe('ready'));
    expect(map.getAttribute('aria-describedby')).toContain('heat-summary');

    // A cell of Amber Lake (10 game units of 1000) is 2–4 px on a 390 px map: squares of 4 × 4 cells are drawn,
    // the busiest in the darkest colour and the quietest in the palest, opaque and at least 8 px wide.
    const box = screen.getByTestId('heatmap');
    await waitFor(() => expect(box.getAttribute('data-block-size')).toBe('4'));
    expect(box.getAttribute('data-blocks')).toBe('3');
    await waitFor(() => expect(lastFrame()).toHaveLength(3));
    const colors = lastFrame().map((fill) => fill.color);
    expect(colors).toContain(HEAT_RAMP.at(-1));
    expect(colors).toContain(HEAT_RAMP[0]);
    // A whole square (not one cut at the map's edge) is at least 8 px wide.
    const busiest = lastFrame().find((drawn) => drawn.color === HEAT_RAMP.at(-1))!;
    expect(Math.min(busiest.w, busiest.h)).toBeGreaterThanOrEqual(8);
    expect(document.querySelector('canvas.heat-layer')).toBeTruthy();

    const legend = within(screen.getByTestId('heat-legend'));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1',
      '2',
      '3–5',
      '6–11',
      '12–21',
      '22–41',
    ]);
    expect(screen.getByText(fill(en.legend.titleMerged, { size: 4 }))).toBeTruthy();
    expect(screen.getByRole('heading', { name: en.summary.title })).toBeTruthy();
    expect(screen.getByTestId('heat-total').textContent).toBe(
      fill(en.summary.total_other, { formatted: '49', range: en.summary.range7d }),
    );
    expect(screen.getByTestId('heat-updated').textContent).toContain(formatDateTime('2026-11-20T08:15:00Z'));
  });

  it('restores every filter from a shared URL and sends them with the contract names', async () => {
    render(`${HOME}?map=2&fish=12&range=30d&star=448`);
    await screen.findByRole('region', { name: fill(en.map.label, { map: 'North River' }) });
    await waitFor(() => expect(lastHeat()).toEqual({ map_id: '2', fish_id: '12', range: '30d', star_type: '448' }));
    expect((screen.getByRole('combobox', { name: en.filters.map }) as HTMLInputElement).value).toBe('North River');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: en.filters.fish }) as HTMLInputElement).value).toBe('Brown Trout'),
    );
    expect((screen.getByRole('combobox', { name: en.filters.range }) as HTMLInputElement).value).toBe(
      en.filters.range30d,
    );
    expect((screen.getByRole('combobox', { name: en.filters.star }) as HTMLInputElement).value).toBe('Star');
    // The map's and the chosen fish's own pages (issue 23), with their names' slugs.
    const pages = within(screen.getByTestId('heat-pages'));
    expect(pages.getByRole('link', { name: fill(en.pages.map, { map: 'North River' }) }).getAttribute('href')).toBe(
      '/en/maps/2-north-river',
    );
    expect(pages.getByRole('link', { name: fill(en.pages.fish, { fish: 'Brown Trout' }) }).getAttribute('href')).toBe(
      '/en/guide/fishes/12-brown-trout',
    );
  });

  it('counts unverified catches too once the switch is on, in the URL, and says what it counts', async () => {
    const { router } = render();
    await screen.findByRole('region', { name: fill(en.map.label, { map: 'Amber Lake' }) });
    await waitFor(() => expect(screen.getByTestId('heat-trust').textContent).toBe(en.summary.countsTrusted));
    const toggle = screen.getByRole('switch', { name: new RegExp(`^${en.filters.includeUnverified}`) });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(router.state.location.search).toBe('?trust=all'));
    await waitFor(() => expect(lastHeat()).toEqual({ map_id: '1', range: '7d', trust: 'all' }));
    await waitFor(() => expect(screen.getByTestId('heat-trust').textContent).toBe(en.summary.countsAll));
    fireEvent.click(screen.getByRole('switch', { name: new RegExp(`^${en.filters.includeUnverified}`) }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('changes map and fish through the URL, offering only the fish of the chosen map', async () => {
    const { router } = render(`${HOME}?map=2&fish=12`);
    await screen.findByRole('region', { name: fill(en.map.label, { map: 'North River' }) });

    await choose(en.filters.map, 'Amber Lake');
    // Brown Trout does not live on Amber Lake: that filter goes with the map change.
    await waitFor(() => expect(router.state.location.search).toBe('?map=1'));
    await waitFor(() => expect(lastHeat()).toEqual({ map_id: '1', range: '7d' }));
    await screen.findByRole('region', { name: fill(en.map.label, { map: 'Amber Lake' }) });
    await waitFor(() =>
      expect(api.to('GET', '/api/system/get_fishes_by_map_id').at(-1)?.search.get('map_id')).toBe('1'),
    );
    fireEvent.click(screen.getByRole('combobox', { name: en.filters.fish }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Northern Pike', 'Perch']);
    fireEvent.click(screen.getByRole('option', { name: 'Perch' }));
    await waitFor(() => expect(router.state.location.search).toBe('?map=1&fish=11'));
    await waitFor(() => expect(lastHeat()).toEqual({ map_id: '1', fish_id: '11', range: '7d' }));
  });

  it('keeps range and star type in the URL as history entries that back undoes', async () => {
    const { router } = render(`${HOME}?map=1&fish=11`);
    await screen.findByRole('region', { name: fill(en.map.label, { map: 'Amber Lake' }) });
    await choose(en.filters.range, en.filters.range1d);
    await waitFor(() => expect(router.state.location.search).toBe('?map=1&fish=11&range=1d'));
    // Star type 0 is a catch that reached no trophy class, and is named so rather than "unknown".
    fireEvent.click(screen.getByRole('combobox', { name: en.filters.star }));
    const stars = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(stars[0]).toBe(enCommon.starType.none);
    expect(stars).not.toContain('Unknown');
    fireEvent.click(screen.getByRole('combobox', { name: en.filters.star }));
    await choose(en.filters.star, enCommon.starType.none);
    await waitFor(() => expect(router.state.location.search).toBe('?map=1&fish=11&range=1d&star=0'));
    await waitFor(() => expect(lastHeat()).toEqual({ map_id: '1', fish_id: '11', range: '1d', star_type: '0' }));

    // Back undoes the last change, then the one before.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?map=1&fish=11&range=1d'));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: en.filters.star }) as HTMLInputElement).value).toBe(''),
    );
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?map=1&fish=11'));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: en.filters.range }) as HTMLInputElement).value).toBe(
        en.filters.range7d,
      ),
    );
  });

  /** The heat map answers catches only for the views `hasCatches` accepts (by the query's parameters). */
  function catchesOnlyFor(hasCatches: (query: Record<string, string>) => boolean) {
    api.on({
      'GET /api/heatmap': (request) =>
        json(heatmapOf(hasCatches(Object.fromEntries(request.search)) ? [[25, 12, 4]] : [])),
    });
  }

  it('says the fish, not the time range, hides the catches, and offers all fish', async () => {
    catchesOnlyFor((query) => query.fish_id === undefined);
    const { router } = render(`${HOME}?fish=10`);
    await pictureLoads();
    expect(await screen.findByText(en.empty.title)).toBeTruthy();
    expect(screen.getByTestId('heatmap').getAttribute('data-state')).toBe('empty');
    expect(screen.getByTestId('heat-updated').textContent).toBe(en.summary.noReports);
    expect(screen.queryByTestId('heat-legend')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('empty-reason').textContent).toBe(
        fill(en.empty.reason.fish, { fish: 'Northern Pike', range: en.summary.range7d }),
      ),
    );
    expect(screen.queryByRole('button', { name: en.empty.offer.range })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.empty.offer.fish }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByTestId('heatmap').getAttribute('data-state')).toBe('ready'));
  });

  it('blames the star type before the fish, and the time range only when no filter is to blame', async () => {
    catchesOnlyFor((query) => query.star_type === undefined);
    const { router } = render(`${HOME}?fish=10&star=448`);
    await pictureLoads();
    await waitFor(() => expect(screen.getByTestId('empty-reason').getAttribute('data-reason')).toBe('star'));
    fireEvent.click(screen.getByRole('button', { name: en.empty.offer.star }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish=10'));

    // Another fish and star type: views the page has not asked for yet.
    catchesOnlyFor((query) => query.range === '30d');
    await router.navigate(`${HOME}?fish=11&star=0&range=3d`);
    await waitFor(() =>
      expect(screen.getByTestId('empty-reason').textContent).toBe(
        fill(en.empty.reason.range, { range: en.summary.range3d }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: en.empty.offer.range }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish=11&star=0&range=30d'));
  });

  it('says when the map has had no catches at all, offering nothing', async () => {
    catchesOnlyFor(() => false);
    render(`${HOME}?fish=10`);
    await pictureLoads();
    await waitFor(() => expect(screen.getByTestId('empty-reason').textContent).toBe(en.empty.reason.nothing));
    for (const offer of Object.values(en.empty.offer)) expect(screen.queryByRole('button', { name: offer })).toBeNull();
  });

  it('shows the load-failed state and recovers on retry', async () => {
    let fail = true;
    api.on({ 'GET /api/heatmap': () => (fail ? json({ detail: 'boom' }, 500) : json(heatmapOf([[1, 1, 3]]))) });
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(en.error.title)).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: en.error.retry }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('heatmap').getAttribute('data-cells')).toBe('1'));
  });

  it("opens a spot's catches with links to the bait guide and to the AI records of that spot", async () => {
    const square: Partial<HeatCellResponse> = {
      col: 24,
      row: 12,
      size: 4,
      x_min: 240,
      x_max: 280,
      y_min: 120,
      y_max: 160,
    };
    api.on({ 'GET /api/heatmap/cell': () => json(cellOf(square)) });
    const { router } = render(`${HOME}?star=448`);
    const spots = await screen.findByTestId('heat-spots');
    const buttons = within(spots).getAllByRole('button');
    // Busiest first; the spots are the squares of 4 × 4 cells the map draws (the last one cut at the map's edge).
    await waitFor(() =>
      expect(buttons.map((button) => button.textContent)).toEqual([
        'x 240–280 · y 120–16041 catches',
        'x 960–1000 · y 480–5007 catches',
        'x 0–40 · y 0–401 catch',
      ]),
    );
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?star=448&cell=24-12-4'));

    const details = within(await screen.findByTestId('cell-details'));
    expect(details.getByRole('heading', { name: en.cell.title })).toBeTruthy();
    await waitFor(() => expect(details.getByTestId('cell-total').textContent).toBe('41'));
    expect(Object.fromEntries(api.to('GET', '/api/heatmap/cell').at(-1)!.search)).toEqual({
      map_id: '1',
      star_type: '448',
      range: '7d',
      col: '24',
      row: '12',
      size: '4',
    });
    expect(details.getByText(fill(en.cell.depthRange, { min: '2.5', max: '7.3' }))).toBeTruthy();
    expect(
      within(details.getByTestId('cell-fishes'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Northern Pike30', 'Perch11']);
    expect(
      within(details.getByTestId('cell-baits'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Worm25', 'Bread16']);

    const guide = details.getByRole('link', { name: fill(en.cell.baitGuide, { fish: 'Northern Pike' }) });
    expect(guide.getAttribute('href')).toBe('/en/query/bait-guide?fish_id=10&map_id=1');
    expect(details.getByRole('link', { name: 'Perch' }).getAttribute('href')).toBe(
      '/en/query/bait-guide?fish_id=11&map_id=1',
    );
    const logs = details.getByRole('link', { name: en.cell.logs });
    expect(logs.getAttribute('href')).toBe(
      '/en/query/bird-logs?map=1&star=448&range=7d&x_min=240&x_max=280&y_min=120&y_max=160',
    );

    fireEvent.click(details.getByRole('button', { name: en.cell.close }));
    await waitFor(() => expect(router.state.location.search).toBe('?star=448'));
    expect(screen.queryByTestId('cell-details')).toBeNull();
  });

  it('a click on empty water beside a square opens that square, and one far from any says there are none', async () => {
    const { router } = render();
    await pictureLoads();
    const box = screen.getByTestId('heatmap');
    await waitFor(() => expect(box.getAttribute('data-block-size')).toBe('4'));
    await waitFor(() => expect(lastFrame()).toHaveLength(3));
    // The square of 41 catches (cells 24–27, 12–15), as drawn; a click 5 px to its right lies on no square.
    const busiest = lastFrame().find((fill) => fill.color === HEAT_RAMP.at(-1))!;
    const container = document.querySelector<HTMLElement>('.leaflet-container')!;
    fireEvent.click(container, { clientX: busiest.x + busiest.w + 5, clientY: busiest.y + busiest.h / 2 });
    await waitFor(() => expect(router.state.location.search).toBe('?cell=24-12-4'));
    fireEvent.click(container, { clientX: busiest.x + busiest.w + 40, clientY: busiest.y + busiest.h / 2 });
    expect(await screen.findByTestId('heat-readout')).toHaveProperty(
      'textContent',
      expect.stringContaining(en.map.none),
    );
    expect(router.state.location.search).toBe('?cell=24-12-4');
  });

  it('opens the cell of a shared URL, and closes it when the map changes', async () => {
    const { router } = render(`${HOME}?cell=25-12`);
    const details = within(await screen.findByTestId('cell-details'));
    await waitFor(() => expect(details.getByTestId('cell-total').textContent).toBe('41'));
    await choose(en.filters.map, 'North River');
    await waitFor(() => expect(router.state.location.search).toBe('?map=2'));
    expect(screen.queryByTestId('cell-details')).toBeNull();
  });
});
