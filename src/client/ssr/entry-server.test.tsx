/**
 * The server render itself (decision 0038), in process over a faked HTTP boundary: a page that declares its reads
 * (`handle.serverReads`, lib/server-reads.ts) is rendered once, with its answers already in the HTML; a page that
 * declares none is rendered once more to find what it asks. The item pages carry the server-render budget (issue 23),
 * so a read they make but did not declare would cost a whole render: these tests fail when one is missing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BaitCatchesResponse, BaitGuideResponse, BaitGuideTopResponse } from '#shared/contracts/catches';
import { withShare } from '#shared/share-interval';
import { primeBaseConfig, resetBaseConfig } from '../lib/base-config';
import { fakeApi, json } from '../test/fake-api';
import { CATEGORY_LIST } from '../test/fixtures/catalogue';
import { officialItem, pageOf } from '../test/fixtures/logs';
import { renderPage, setCatalogue } from './entry-server';
import type { SsrData } from './ssr-data';

const FROM = '2026-11-23T08:00:00Z';
const TO = '2026-11-26T08:00:00Z';
/** The pike (10) on the worm (100), 9 of its 9 catches. */
const PIKE: BaitGuideResponse = {
  fish_id: 10,
  map_id: null,
  from: FROM,
  to: TO,
  total: 9,
  baits: [withShare({ bait_id: 100, count: 9 }, 9)],
  trust: 'trusted',
};
const WORM: BaitCatchesResponse = {
  bait_id: 100,
  from: FROM,
  to: TO,
  total: 9,
  fishes: [withShare({ fish_id: 10, count: 9 }, 9)],
  maps: [withShare({ map_id: 1, count: 9 }, 9)],
  trust: 'trusted',
};
const TOP: BaitGuideTopResponse = {
  map_id: 1,
  from: FROM,
  to: TO,
  fishes: [{ fish_id: 10, total: 9, baits: [withShare({ bait_id: 100, count: 9 }, 9)] }],
  trust: 'trusted',
};

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'GET /api/bait-guide': () => json(PIKE),
    'GET /api/bait-guide/bait': () => json(WORM),
    'GET /api/bait-guide/top': () => json(TOP),
    'GET /api/logs/official': () => json(pageOf([officialItem({ fish_id: 10, map_id: 1, player_name: 'Mika' })])),
    '*': () => json({}),
  });
  setCatalogue('test-1', CATEGORY_LIST);
  primeBaseConfig(CATEGORY_LIST);
});

// A page that met an id the lists lack asks for them again in the background (jsdom has a window, a server does not):
// dropped here, so no test sees another's request.
afterEach(() => resetBaseConfig());

describe('the server render', () => {
  it.each([
    ['a fish', '/en/guide/fishes/10-northern-pike', ['/api/bait-guide', '/api/logs/official'], ['Worm', 'Mika']],
    ['a bait', '/en/query/baits/100-worm', ['/api/bait-guide/bait'], ['Northern Pike']],
    ['a map', '/en/maps/1-amber-lake', ['/api/bait-guide/top'], ['Worm']],
  ])("renders %s's page once, its declared reads fetched first", async (_, url, reads, shown) => {
    const page = await renderPage(url);

    expect(page.status).toBe(200);
    expect(page.renders).toBe(1);
    expect(api.requests.map((request) => request.path).sort()).toEqual([...reads].sort());
    for (const text of shown) expect(page.html).toContain(text);
    // The answers travel with the page, so the browser does not ask again.
    const data = page.data as SsrData;
    expect(data.queries?.queries.map((query) => query.state.status)).toEqual(reads.map(() => 'success'));
  });

  it('still renders what a page asks for that it did not declare, with a pass to find it', async () => {
    const page = await renderPage('/en/query/baits');

    expect(page.renders).toBeGreaterThan(1);
    expect(api.requests.length).toBeGreaterThan(0);
  });

  it('reads nothing for an item page whose address holds no id, and answers the not-found page', async () => {
    const page = await renderPage('/en/guide/fishes/pike');

    expect(api.requests).toHaveLength(0);
    expect(page.meta?.status).toBe(404);
  });

  it("answers an old encyclopedia link to a fish (`?fish=`) with a permanent redirect to the fish's page", async () => {
    const known = await renderPage('/en/guide/fishes?fish=10');
    expect(known).toMatchObject({ status: 301, location: '/en/guide/fishes/10-northern-pike', html: '' });

    // A fish the catalogue lacks goes to its page by id, which answers the not-found page there.
    const unknown = await renderPage('/ja/guide/fishes?fish=999999');
    expect(unknown).toMatchObject({ status: 301, location: '/ja/guide/fishes/999999' });

    // The list itself is still the list.
    expect((await renderPage('/en/guide/fishes?map=1')).status).toBe(200);
  });
});
