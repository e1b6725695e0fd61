import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BaitItem,
  CategoriesResponse,
  type CategoryItem,
  CategoryListResponse,
  type FishItem,
  type MapItem,
} from '#shared/contracts/catalogue';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let all: CategoryItem[];

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({
    url: '/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits&category_group=star_type&category_group=fish_way',
  });
  const body = CategoryListResponse.parse(res.json());
  all = Object.values(body.category_list).flat();
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const ofGroup = <T extends CategoryItem>(group: T['group_type']) => all.filter((c) => c.group_type === group) as T[];

describe('GET /api/system/get_category_list', () => {
  it('answers only the groups asked', async () => {
    const res = await get('/api/system/get_category_list?category_group=maps&category_group=star_type');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const body = CategoryListResponse.parse(res.json());
    expect(Object.keys(body.category_list).sort()).toEqual(['maps', 'star_type']);
    expect(body.category_list.maps!.length).toBeGreaterThanOrEqual(12);
    expect(body.category_list.star_type!.map((s) => s.id).sort((a, b) => a - b)).toEqual([
      0, 446, 447, 448, 449, 450, 451, 452,
    ]);
  });

  it('is compressed for browsers that accept it', async () => {
    const res = await ctx.app.inject({
      url: '/api/system/get_category_list?category_group=baits',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(ofGroup('baits'))) / 3);
  });

  it('accepts a single group and returns typed data', async () => {
    const res = await get('/api/system/get_category_list?category_group=fish');
    const fish = CategoryListResponse.parse(res.json()).category_list.fish!;
    expect(fish.length).toBeGreaterThanOrEqual(120);
    expect(fish.every((f) => f.data.level >= 1 && f.data.level <= 7 && f.data.maps.length > 0)).toBe(true);
  });

  it('rejects a missing or unknown group with a 422 list the user can act on', async () => {
    const missing = await get('/api/system/get_category_list');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ type: 'missing', loc: ['query', 'category_group'] });

    const unknown = await get('/api/system/get_category_list?category_group=boats');
    expect(unknown.statusCode).toBe(422);
    const entry = unknown.json().detail[0];
    expect(entry.loc[0]).toBe('query');
    expect(entry.msg).toMatch(/fish/);
  });
});

describe('GET /api/system/get_category_list caching', () => {
  const url = '/api/system/get_category_list?category_group=maps&category_group=fish';
  const ifNoneMatch = (tag: string, target = url) => ctx.app.inject({ url: target, headers: { 'if-none-match': tag } });

  it('answers an ETag, and an empty 304 to a request that already has that answer', async () => {
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await ifNoneMatch(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    // A list of tags, the strong form and `*` match too (weak comparison); another tag does not.
    expect((await ifNoneMatch(`"elsewhere", ${etag}`)).statusCode).toBe(304);
    expect((await ifNoneMatch(etag.slice(2))).statusCode).toBe(304);
    expect((await ifNoneMatch('*')).statusCode).toBe(304);
    const stale = await ifNoneMatch('W/"elsewhere"');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('gives one group set one answer whatever the order asked, and another set another tag', async () => {
    const first = await get(url);
    const reordered = await get(
      '/api/system/get_category_list?category_group=fish&category_group=maps&category_group=fish',
    );
    expect(reordered.body).toBe(first.body);
    expect(reordered.headers.etag).toBe(first.headers.etag);
    expect(Object.keys(reordered.json().category_list)).toEqual(['fish', 'maps']);
    const baits = await ifNoneMatch(String(first.headers.etag), '/api/system/get_category_list?category_group=baits');
    expect(baits.statusCode).toBe(200);
    expect(baits.headers.etag).not.toBe(first.headers.etag);
  });
});

describe('the catalogue snapshot', () => {
  it('shows a catalogue change only after refresh(), with a new version and ETag', async () => {
    // An app of its own: this test writes the catalogue.
    const own = await createTestApp({ seed: false });
    try {
      const list = (etag?: string) =>
        own.app.inject({
          url: '/api/system/get_category_list?category_group=maps&category_group=fish',
          headers: etag ? { 'if-none-match': etag } : {},
        });
      const before = await list();
      expect(before.json()).toEqual({ category_list: { fish: [], maps: [] } });
      const version = (await own.services.catalogue.view()).version;

      const names = (id: number, name: string) => ({
        id,
        name,
        name_en: name,
        name_ja: name,
        name_pinyin: name.toLowerCase(),
        letter: name[0]!,
        letter_en: name[0]!,
        sort: 1,
      });
      const bounds = { x_min: 0, y_min: 0, x_max: 100, y_max: 100 };
      const mapData = { image: '/media/maps/lake.webp', width: 512, height: 512, bounds };
      const fishData = { level: 2, latin: 'Perca fluviatilis', min_weight: 10, max_weight: 900, star_weights: [] };
      await own.db.kysely
        .insertInto('category')
        .values([
          { ...names(9001, 'Lake'), group_type: 'maps', data: JSON.stringify(mapData) },
          { ...names(9101, 'Perch'), group_type: 'fish', data: JSON.stringify({ ...fishData, maps: [9001] }) },
        ])
        .execute();

      // Until refreshed, readers keep the view they have.
      expect((await list(String(before.headers.etag))).statusCode).toBe(304);
      expect((await own.app.inject('/api/system/get_fishes_by_map_id?map_id=9001')).statusCode).toBe(404);

      const refreshed = await own.services.catalogue.refresh();
      expect(refreshed.version).toBeGreaterThan(version);
      expect(refreshed.maps.get(9001)?.data.bounds).toEqual(bounds);

      const after = await list(String(before.headers.etag));
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const body = CategoryListResponse.parse(after.json());
      expect(body.category_list.maps!.map((m) => m.id)).toEqual([9001]);
      expect(body.category_list.fish!.map((f) => [f.id, f.data.maps])).toEqual([[9101, [9001]]]);
      const fish = await own.app.inject('/api/system/get_fishes_by_map_id?map_id=9001');
      expect(fish.statusCode).toBe(200);
      expect(fish.json().items.map((f: FishItem) => f.id)).toEqual([9101]);

      // A change of the map's fish is a new answer with a new ETag.
      await own.db.kysely.updateTable('category').set({ name_en: 'Striped perch' }).where('id', '=', 9101).execute();
      const stale = await own.app.inject({
        url: '/api/system/get_fishes_by_map_id?map_id=9001',
        headers: { 'if-none-match': String(fish.headers.etag) },
      });
      expect(stale.statusCode).toBe(304);
      await own.services.catalogue.refresh();
      const changed = await own.app.inject({
        url: '/api/system/get_fishes_by_map_id?map_id=9001',
        headers: { 'if-none-match': String(fish.headers.etag) },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(fish.headers.etag);
      expect(changed.json().items[0].name_en).toBe('Striped perch');
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/system/get_fishes_by_map_id', () => {
  it('lists exactly the fish that live on the map', async () => {
    const map = ofGroup<MapItem>('maps')[0]!;
    const res = await get(`/api/system/get_fishes_by_map_id?map_id=${map.id}`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().items as FishItem[]).map((f) => f.id).sort();
    const expected = ofGroup<FishItem>('fish')
      .filter((f) => f.data.maps.includes(map.id))
      .map((f) => f.id)
      .sort();
    expect(ids).toEqual(expected);
    expect(ids.length).toBeGreaterThanOrEqual(15);
  });

  it('answers 404 for an unknown map and 422 for a malformed id', async () => {
    const unknown = await get('/api/system/get_fishes_by_map_id?map_id=99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'MAP_NOT_FOUND' });

    const bad = await get('/api/system/get_fishes_by_map_id?map_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ type: 'int_parsing', loc: ['query', 'map_id'], input: 'abc' });
  });

  it('is cached like the category list: 60 seconds, an ETag per map, an empty 304, brotli of the same JSON', async () => {
    const [first, second] = ofGroup<MapItem>('maps');
    const url = `/api/system/get_fishes_by_map_id?map_id=${first!.id}`;
    const plain = await get(url);
    expect(plain.headers['cache-control']).toBe('public, max-age=60');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const again = await ctx.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await ctx.app.inject({
      url: `/api/system/get_fishes_by_map_id?map_id=${second!.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });
});

describe('GET /api/system/get_categories', () => {
  const search = async (query: string) => {
    const res = await get(`/api/system/get_categories?${query}`);
    expect(res.statusCode).toBe(200);
    return CategoriesResponse.parse(res.json());
  };

  it('pages through a group with totals', async () => {
    const baits = ofGroup<BaitItem>('baits');
    const first = await search('group_type=baits&page=1&page_size=7');
    const second = await search('group_type=baits&page=2&page_size=7');
    expect(first.total).toBe(baits.length);
    expect(first.items).toHaveLength(7);
    expect(first.page_size).toBe(7);
    expect(second.page).toBe(2);
    const overlap = second.items.filter((i) => first.items.some((f) => f.id === i.id));
    expect(overlap).toEqual([]);
  });

  it('defaults to page 1 of 20 and rejects page sizes over 100', async () => {
    const page = await search('group_type=baits');
    expect([page.page, page.page_size, page.items.length]).toEqual([1, 20, 20]);
    const res = await get('/api/system/get_categories?page_size=101');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ type: 'less_than_equal', loc: ['query', 'page_size'] });
    const zero = await get('/api/system/get_categories?page=0');
    expect(zero.statusCode).toBe(422);
  });

  it('matches a prefix of the zh, en or ja name by default', async () => {
    const bait = ofGroup<BaitItem>('baits').find((b) => b.name_en && b.name_en.length > 5)!;
    for (const name of [bait.name, bait.name_en!, bait.name_ja!]) {
      const prefix = [...name].slice(0, 3).join('');
      const page = await search(`group_type=baits&page_size=100&like_str=${encodeURIComponent(prefix)}`);
      expect(page.items.map((i) => i.id)).toContain(bait.id);
      const lower = prefix.toLowerCase();
      for (const item of page.items) {
        const names = [item.name, item.name_en ?? '', item.name_ja ?? ''].map((n) => n.toLowerCase());
        expect(names.some((n) => n.startsWith(lower))).toBe(true);
      }
    }
  });

  /** A bait and three letters from inside a word of its English name: no word of any name starts with them. */
  const innerText = () => {
    const bait = ofGroup<BaitItem>('baits').find((b) => /^[A-Za-z]{6,}$/.test(b.name_en ?? ''))!;
    return { bait, inner: bait.name_en!.slice(2, 5).toLowerCase() };
  };

  it('matches anywhere in the name when like_start=false', async () => {
    const { bait, inner } = innerText();
    const prefix = await search(`group_type=baits&page_size=100&like_str=${encodeURIComponent(inner)}`);
    const substring = await search(
      `group_type=baits&page_size=100&like_start=false&like_str=${encodeURIComponent(inner)}`,
    );
    expect(substring.items.map((i) => i.id)).toContain(bait.id);
    expect(substring.total).toBeGreaterThan(prefix.total);
  });

  it('treats % and _ in the search text as plain characters', async () => {
    expect((await search('group_type=baits&like_start=false&like_str=%25')).total).toBe(0);
    expect((await search('group_type=baits&like_start=false&like_str=_')).total).toBe(0);
  });

  it('filters by the index letter of the requested language', async () => {
    const baits = ofGroup<BaitItem>('baits');
    const letter = baits[0]!.letter;
    const zh = await search(`group_type=baits&page_size=100&letter=${letter}&lang=zh`);
    expect(zh.total).toBe(baits.filter((b) => b.letter === letter).length);
    expect(zh.items.every((b) => b.letter === letter)).toBe(true);

    const letterEn = baits[0]!.letter_en.toLowerCase();
    const en = await search(`group_type=baits&page_size=100&letter=${letterEn}&lang=en`);
    expect(en.total).toBe(baits.filter((b) => b.letter_en === letterEn.toUpperCase()).length);
    expect(en.items.every((b) => b.letter_en === letterEn.toUpperCase())).toBe(true);
  });

  it('orders a zh letter by pinyin reading, an en letter alphabetically', async () => {
    const zh = await search('group_type=baits&page_size=100&letter=A&lang=zh');
    const readings = zh.items.map((b) => b.name);
    // 暗 (an) sorts before 凹 (ao) by reading, although its code point is higher.
    const byReading = [...readings].sort((a, b) => a.localeCompare(b, 'zh-u-co-pinyin'));
    expect(readings).toEqual(byReading);
    // The reading ships with each item: the client's searches match pinyin against it (issue 26).
    expect(zh.items.every((b) => /^[a-z]/.test(b.name_pinyin))).toBe(true);

    const en = await search('group_type=baits&page_size=100&letter=S&lang=en');
    const names = en.items.map((b) => b.name_en!.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('rejects a letter that is not one character A–Z or #', async () => {
    const res = await get('/api/system/get_categories?letter=AB');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ type: 'string_pattern_mismatch', loc: ['query', 'letter'] });
  });

  it('returns an empty page, not an error, when nothing matches', async () => {
    const page = await search('group_type=fish&like_str=zzzzqqq');
    expect(page).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
  });

  it('answers nasty queries with a 4xx detail, never a 5xx', async () => {
    const cases: [string, number, string | null][] = [
      ['like_str=%00', 422, 'string_nul'],
      ['like_str=carp%00%27%3B--', 422, 'string_nul'],
      ['like_str=' + 'a'.repeat(5000), 422, 'string_too_long'],
      ['like_str=%27%20OR%201%3D1%20--', 200, null],
      ['like_str=%F0%9F%90%9F', 200, null],
      ['like_start=maybe', 422, 'bool_parsing'],
      ['page=99999999999999999999', 422, 'less_than_equal'],
      ['page=1&page=2', 422, 'int_type'],
      ['lang=fr', 422, 'enum'],
    ];
    for (const [query, status, type] of cases) {
      const res = await get(`/api/system/get_categories?${query}`);
      expect(res.statusCode, query).toBe(status);
      if (type) expect(res.json().detail[0].type, query).toBe(type);
      else expect(res.json().total, query).toBe(0);
    }
  });

  it('reads like_start the way FastAPI reads booleans', async () => {
    const { bait, inner } = innerText();
    for (const word of ['false', 'FALSE', '0', 'no', 'off']) {
      const page = await search(`group_type=baits&page_size=100&like_start=${word}&like_str=${inner}`);
      expect(
        page.items.map((i) => i.id),
        word,
      ).toContain(bait.id);
    }
  });
});

describe('GET /api/system/get_categories: the search that forgives (issue 26)', () => {
  const ids = async (query: string) => {
    const res = await get(`/api/system/get_categories?page_size=100&${query}`);
    expect(res.statusCode).toBe(200);
    return CategoriesResponse.parse(res.json()).items;
  };
  const syllables = (item: CategoryItem) => item.name_pinyin.split(' ');
  const carp = () => ofGroup<FishItem>('fish').find((f) => f.name === '鲤鱼')!;

  it('matches Chinese names by their pinyin, whole or by initials, from the start', async () => {
    expect(carp().name_pinyin).toBe('li yu');
    for (const text of ['liyu', 'li%20yu', 'LiYu']) {
      const found = await ids(`group_type=fish&like_str=${text}`);
      expect(
        found.map((f) => f.id),
        text,
      ).toContain(carp().id);
      // From the start: every one read starts with those syllables (鲤鱼王 would, 白鲤鱼 would not).
      for (const item of found) expect(syllables(item).join('').startsWith('liyu'), item.name).toBe(true);
    }
    const initials = await ids('group_type=fish&like_str=ly');
    expect(initials.map((f) => f.id)).toContain(carp().id);
    for (const item of initials)
      expect(
        syllables(item)
          .map((s) => s[0])
          .join(''),
      ).toMatch(/^ly/);
  });

  it('matches a syllable anywhere when like_start=false, never the middle of one', async () => {
    const pike = ofGroup<FishItem>('fish').find((f) => f.name === '白斑狗鱼')!;
    expect((await ids('group_type=fish&like_str=gouyu')).map((f) => f.id)).not.toContain(pike.id);
    const anywhere = await ids('group_type=fish&like_start=false&like_str=gouyu');
    expect(anywhere.map((f) => f.id)).toContain(pike.id);
    for (const item of anywhere) expect(item.name_pinyin.replace(/ /g, ''), item.name).toContain('gouyu');
    // 'ouy' runs across 'gou' and 'yu': no reading has it as syllables.
    expect(await ids('group_type=fish&like_start=false&like_str=ouyu')).toEqual([]);
  });

  it("matches a name's last word from its start, and nothing else there", async () => {
    const found = await ids('group_type=fish&like_str=pike');
    const names = found.map((f) => f.name_en);
    expect(names).toEqual(expect.arrayContaining(['Northern pike', 'Amur pike']));
    for (const item of found) {
      const words = [item.name, item.name_en ?? '', item.name_ja ?? ''].map((n) => n.toLowerCase());
      expect(
        words.some((n) => n.startsWith('pike') || n.split(' ').at(-1)!.startsWith('pike')),
        item.name_en!,
      ).toBe(true);
    }
  });

  it('ignores width and kana, and finds a fish by its latin name', async () => {
    const id = carp().id;
    expect(
      (await ids('group_type=fish&like_str=%EF%BD%83%EF%BD%8F%EF%BD%8D%EF%BD%8D%EF%BD%8F%EF%BD%8E')).map((f) => f.id),
    ).toContain(id); // ｃｏｍｍｏｎ
    expect((await ids(`group_type=fish&like_str=${encodeURIComponent('こい')}`)).map((f) => f.id)).toContain(id);
    expect((await ids('group_type=fish&like_str=cyprinus%20carpio')).map((f) => f.id)).toContain(id);
  });
});
describe('GET /api/system/get_categories?fish_way= (the bait list by bait type, issue 26)', () => {
  const search = async (query: string) => {
    const res = await get(`/api/system/get_categories?${query}`);
    expect(res.statusCode, query).toBe(200);
    return CategoriesResponse.parse(res.json());
  };

  it('keeps exactly the baits of that type, with the other filters and paging still applying', async () => {
    const baits = ofGroup<BaitItem>('baits');
    const types = [...new Set(baits.map((b) => b.data.fish_way))];
    expect(types.length).toBeGreaterThan(1);
    for (const type of types) {
      const expected = baits.filter((b) => b.data.fish_way === type).map((b) => b.id);
      const page = await search(`group_type=baits&page_size=100&fish_way=${type}`);
      expect(page.total).toBe(expected.length);
      expect(page.items.map((b) => b.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    }
    // With a letter: the baits of the type under that letter only.
    const type = types[0]!;
    const letter = baits.find((b) => b.data.fish_way === type)!.letter;
    const narrowed = await search(`group_type=baits&page_size=100&fish_way=${type}&letter=${letter}&lang=zh`);
    expect(narrowed.total).toBe(baits.filter((b) => b.data.fish_way === type && b.letter === letter).length);
    // Paged like any list.
    const firstOfTwo = await search(`group_type=baits&page_size=1&page=2&fish_way=${type}`);
    expect(firstOfTwo.items).toHaveLength(1);
    expect(firstOfTwo.items[0]!.group_type === 'baits' && firstOfTwo.items[0]!.data.fish_way).toBe(type);
  });

  it('answers 422 with a detail for a malformed type, an unknown one, or one without group_type=baits', async () => {
    const unknown = Math.max(...ofGroup('fish_way').map((t) => t.id)) + 1000;
    const cases: [string, string][] = [
      ['group_type=baits&fish_way=abc', 'int_parsing'],
      ['group_type=baits&fish_way=0', 'greater_than'],
      ['group_type=baits&fish_way=1.5', 'int_parsing'],
      [`group_type=baits&fish_way=${unknown}`, 'value_error'],
      ['group_type=fish&fish_way=1', 'value_error'],
      ['fish_way=1', 'value_error'],
    ];
    for (const [query, type] of cases) {
      const res = await get(`/api/system/get_categories?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail[0], query).toMatchObject({ type, loc: ['query', 'fish_way'] });
    }
  });
});
