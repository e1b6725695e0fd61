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
import { CATEGORY_LIST, FISH } from '../../../test/fixtures/catalogue';
import { cellOf, heatmapOf } from '../../../test/fixtures/heatmap';
import { HeatmapExplorer } from './heatmap-explorer';

const HOME = '/en';
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

let api: ReturnType<typeof fakeApi>;
const heatRequests = () => api.to('GET', '/api/heatmap');
const lastHeat = () => Object.fromEntries(heatRequests().at(-1)!.search);

/** The heat layer's pixels as the page drew them (jsdom has no canvas: a fake context records them). */
let drawn: { width: number; height: number; data: Uint8ClampedArray }[];

function rgbOf(hex: string): number[] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The pixel of cell (col, row) in the last heat layer drawn: row 0 is the southern edge, the image's last line. */
function pixel(col: number, row: number): number[] {
  const image = drawn.at(-1)!;
  const at = ((image.height - 1 - row) * image.width + col) * 4;
  return Array.from(image.data.slice(at, at + 4));
}

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
  drawn = [];
  let frames = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        createImageData: (width: number, height: number) => ({
          width,
          height,
          data: new Uint8ClampedArray(width * height * 4),
        }),
        putImageData: (image: { width: number; height: number; data: Uint8ClampedArray }) => drawn.push(image),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => `data:image/png;base64,frame${++frames}`);
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

    // One pixel per cell, the busiest in the darkest colour and the quietest in the palest; empty cells transparent.
    expect(drawn.at(-1)).toMatchObject({ width: 100, height: 50 });
    expect(pixel(25, 12).slice(0, 3)).toEqual(rgbOf(HEAT_RAMP.at(-1)!));
    expect(pixel(0, 0).slice(0, 3)).toEqual(rgbOf(HEAT_RAMP[0]));
    expect(pixel(25, 12)[3]!).toBeGreaterThan(pixel(0, 0)[3]!);
    expect(pixel(1, 0)[3]).toBe(0);
    expect(pixel(99, 49)[3]).toBeGreaterThan(0);
    expect(document.querySelector('img.heat-layer')?.getAttribute('src')).toMatch(/^data:image\/png/);

    const legend = within(screen.getByTestId('heat-legend'));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1',
      '2',
      '3–5',
      '6–11',
      '12–21',
      '22–41',
    ]);
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

  it('says "No data available" over the map when nothing matches, with ways to widen the view', async () => {
    api.on({ 'GET /api/heatmap': () => json(heatmapOf([])) });
    const { router } = render(`${HOME}?fish=10`);
    await pictureLoads();
    expect(await screen.findByText(en.empty.title)).toBeTruthy();
    expect(screen.getByTestId('heatmap').getAttribute('data-state')).toBe('empty');
    expect(screen.getByTestId('heat-updated').textContent).toBe(en.summary.noReports);
    expect(screen.queryByTestId('heat-legend')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.empty.widen }));
    await waitFor(() => expect(router.state.location.search).toBe('?fish=10&range=30d'));
    fireEvent.click(await screen.findByRole('button', { name: en.empty.clear }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=30d'));
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
    const { router } = render(`${HOME}?star=448`);
    const spots = await screen.findByTestId('heat-spots');
    const buttons = within(spots).getAllByRole('button');
    // Busiest first.
    expect(buttons.map((button) => button.textContent)).toEqual([
      'x 250–260 · y 120–13041 catches',
      'x 990–1000 · y 490–5007 catches',
      'x 0–10 · y 0–101 catch',
    ]);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?star=448&cell=25-12'));

    const details = within(await screen.findByTestId('cell-details'));
    expect(details.getByRole('heading', { name: en.cell.title })).toBeTruthy();
    await waitFor(() => expect(details.getByTestId('cell-total').textContent).toBe('41'));
    expect(Object.fromEntries(api.to('GET', '/api/heatmap/cell').at(-1)!.search)).toEqual({
      map_id: '1',
      star_type: '448',
      range: '7d',
      col: '25',
      row: '12',
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
      '/en/query/bird-logs?map=1&star=448&range=7d&x_min=250&x_max=260&y_min=120&y_max=130',
    );

    fireEvent.click(details.getByRole('button', { name: en.cell.close }));
    await waitFor(() => expect(router.state.location.search).toBe('?star=448'));
    expect(screen.queryByTestId('cell-details')).toBeNull();
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
