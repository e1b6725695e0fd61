import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryList } from '#shared/contracts/catalogue';
import { fakeApi, json, type Handler } from '../test/fake-api';
import { shownToasts } from '../test/toasts';
import {
  BASE_CONFIG_KEY,
  getBaseConfig,
  loadBaseConfig,
  resetBaseConfig,
  UNKNOWN_ID_REFRESH_MS,
  useBaseConfig,
} from './base-config';
import { initI18n } from './i18n';

const list = {
  fish: [{ id: 1, name: '白斑狗鱼', name_en: 'Northern Pike', name_ja: null, group_type: 'fish' }],
  maps: [{ id: 10, name: '琥珀湖', name_en: 'Amber Lake', name_ja: null, group_type: 'maps' }],
  baits: [{ id: 20, name: '蚯蚓', name_en: 'Worm', name_ja: null, group_type: 'baits' }],
  star_type: [{ id: 446, name: 'TV 奖杯', name_en: 'TV trophy', name_ja: null, group_type: 'star_type' }],
  fish_way: [{ id: 30, name: '活饵', name_en: 'Live bait', name_ja: null, group_type: 'fish_way' }],
} as unknown as CategoryList;

const CATEGORY_LIST = 'GET /api/system/get_category_list';

/** The configuration route answered by `handler`; the recorded requests tell how often it was asked. */
const answer = (handler: Handler) => fakeApi({ [CATEGORY_LIST]: handler });
const loaded = () => json({ category_list: list });
const toastTitles = () => shownToasts().map(({ title, message }) => `${title}|${message}`);

beforeAll(async () => {
  await initI18n('zh');
});

beforeEach(() => {
  resetBaseConfig();
});

describe('base configuration', () => {
  it('asks for the five groups once and caches the answer under base-config', async () => {
    const api = answer(loaded);
    await loadBaseConfig();

    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]!.url).toBe(
      '/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits&category_group=star_type&category_group=fish_way',
    );
    expect(getBaseConfig()).toMatchObject({ status: 'loaded', error: null, data: list });
    expect(JSON.parse(localStorage.getItem(BASE_CONFIG_KEY)!).category_list).toEqual(list);
  });

  it('loads only if not loaded (and shares a load in flight)', async () => {
    const api = answer(loaded);
    await Promise.all([loadBaseConfig(), loadBaseConfig()]);
    await loadBaseConfig();
    expect(api.requests).toHaveLength(1);
  });

  it('reset goes back to not loaded, so the next load fetches again', async () => {
    const api = answer(loaded);
    await loadBaseConfig();
    resetBaseConfig();
    expect(getBaseConfig()).toEqual({ status: 'idle', error: null, data: null });
    expect(localStorage.getItem(BASE_CONFIG_KEY)).toBeNull();
    await loadBaseConfig();
    expect(api.requests).toHaveLength(2);
  });

  it("on failure stores the error and toasts '初始化配置失败' with the message", async () => {
    answer(() => json({ detail: 'database unavailable' }, 503));
    await loadBaseConfig();
    expect(getBaseConfig()).toMatchObject({ status: 'error', error: 'database unavailable' });
    expect(toastTitles()).toEqual(['初始化配置失败|database unavailable']);
  });

  it("treats a missing category_list as a failure with '未知错误'", async () => {
    answer(() => json({ something: 'else' }));
    await loadBaseConfig();
    expect(getBaseConfig()).toMatchObject({ status: 'error', error: '未知错误' });
    expect(toastTitles()).toEqual(['初始化配置失败|未知错误']);
  });

  it('retries after a failure', async () => {
    let calls = 0;
    const api = answer(() => ((calls += 1) === 1 ? json({}, 500) : loaded()));
    await loadBaseConfig();
    expect(getBaseConfig().status).toBe('error');
    await loadBaseConfig();
    expect(api.requests).toHaveLength(2);
    expect(getBaseConfig().status).toBe('loaded');
  });

  it('useBaseConfig gives the lists and id lookups, updating when the load ends', async () => {
    let resolve!: (response: Response) => void;
    answer(() => new Promise((r) => (resolve = r)));
    const { result } = renderHook(() => useBaseConfig());
    expect(result.current.fish).toEqual([]);

    let loading!: Promise<void>;
    act(() => {
      loading = loadBaseConfig();
    });
    expect(result.current.status).toBe('loading');
    await act(async () => {
      resolve(loaded());
      await loading;
    });

    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(result.current.fishById(1)?.name_en).toBe('Northern Pike');
    expect(result.current.mapById(10)?.name).toBe('琥珀湖');
    expect(result.current.baitById(20)?.name_en).toBe('Worm');
    expect(result.current.starTypeById(446)?.name_en).toBe('TV trophy');
    expect(result.current.fishWayById(30)?.name_en).toBe('Live bait');
    expect(result.current.fishById(999)).toBeUndefined();
    expect(result.current.fishById(null)).toBeUndefined();
  });
});

describe('a catalogue changed on the server', () => {
  const grown = {
    ...list,
    fish: [...list.fish!, { id: 2, name: '镜鲤', name_en: 'Mirror carp', name_ja: null, group_type: 'fish' }],
  } as unknown as CategoryList;

  it('fetches the lists again when a page meets a fish id they do not hold, at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let copy = list;
      const api = answer(() => json({ category_list: copy }));
      await loadBaseConfig();
      const { result } = renderHook(() => useBaseConfig());
      copy = grown;

      // An operator's import added fish 2 after this tab loaded the catalogue: it is fetched again and named.
      expect(result.current.fishById(2)).toBeUndefined();
      await waitFor(() => expect(result.current.fishById(2)?.name_en).toBe('Mirror carp'));
      expect(api.requests).toHaveLength(2);
      expect(getBaseConfig().status).toBe('loaded');
      expect(JSON.parse(localStorage.getItem(BASE_CONFIG_KEY)!).category_list).toEqual(grown);

      // Another unknown id within the minute asks nothing; after it, once more.
      expect(result.current.fishById(3)).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(api.requests).toHaveLength(2);
      vi.setSystemTime(Date.now() + UNKNOWN_ID_REFRESH_MS + 1);
      result.current.fishById(3);
      await waitFor(() => expect(api.requests).toHaveLength(3));
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the copy in hand when that fetch fails, and asks nothing for ids it holds or for none', async () => {
    let fail = false;
    const api = answer(() => (fail ? json({ detail: 'down' }, 503) : json({ category_list: list })));
    await loadBaseConfig();
    const { result } = renderHook(() => useBaseConfig());
    expect(result.current.fishById(1)?.name_en).toBe('Northern Pike');
    expect(result.current.fishById(null)).toBeUndefined();
    expect(result.current.fishById(0)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toHaveLength(1);

    fail = true;
    expect(result.current.baitById(99)).toBeUndefined();
    await waitFor(() => expect(api.requests).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getBaseConfig()).toMatchObject({ status: 'loaded', error: null, data: list });
    expect(shownToasts()).toEqual([]);
  });
});

describe('base configuration cache', () => {
  it('shows the cached copy at once, before the fresh one arrives', async () => {
    localStorage.setItem(BASE_CONFIG_KEY, JSON.stringify({ version: 1, saved_at: '', category_list: list }));
    vi.resetModules();
    const fresh = await import('./base-config');
    expect(fresh.getBaseConfig()).toEqual({ status: 'idle', error: null, data: list });
  });

  it('ignores a cache of another version', async () => {
    localStorage.setItem(BASE_CONFIG_KEY, JSON.stringify({ version: 0, category_list: list }));
    vi.resetModules();
    const fresh = await import('./base-config');
    expect(fresh.getBaseConfig().data).toBeNull();
  });
});

describe('base configuration failure text', () => {
  it("shows the API client's fixed wording in the page's language", async () => {
    answer(() => new Response('', { status: 502 }));
    await loadBaseConfig();
    expect(getBaseConfig().error).toBe('请求错误');
  });
});
