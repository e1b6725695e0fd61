import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BaitItem, FishWayItem } from '#shared/contracts/catalogue';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { initI18n } from '../../../lib/i18n';
import zh from '../../../locales/zh/baits.json';
import { fakeApi, json, type RecordedRequest } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { BaitList } from './bait-list';

// Only the HTTP boundary is faked, with canned answers: which baits match a letter or a search is the server's rule
// (tested in catalogue.routes.test.ts), so each test answers with the page it expects for the request it checks.
const FISH_WAYS: FishWayItem[] = [
  {
    id: 901,
    group_type: 'fish_way',
    name: '活饵',
    name_en: 'Live bait',
    name_ja: '生き餌',
    name_pinyin: 'huo er',
    letter: 'H',
    letter_en: 'L',
    sort: 1,
    deprecated: false,
    new_in: null,
    data: {},
  },
  {
    id: 902,
    group_type: 'fish_way',
    name: '假饵',
    name_en: 'Lure',
    name_ja: 'ルアー',
    name_pinyin: 'jia er',
    letter: 'J',
    letter_en: 'L',
    sort: 2,
    deprecated: false,
    new_in: null,
    data: {},
  },
];

/** The pinyin the server ships with each name (`name_pinyin`). */
const PINYIN: Record<string, string> = {
  蚯蚓: 'qiu yin',
  面包: 'mian bao',
  勺型亮片: 'shao xing liang pian',
  玉米: 'yu mi',
  波尔卡: 'bo er ka',
};

function bait(id: number, name: string, nameEn: string, letter: string, fishWay: number): BaitItem {
  return {
    id,
    group_type: 'baits',
    name,
    name_en: nameEn,
    name_ja: `${nameEn}（日）`,
    name_pinyin: PINYIN[name] ?? '',
    letter,
    letter_en: nameEn[0]!.toUpperCase(),
    sort: id,
    deprecated: false,
    new_in: null,
    data: { fish_way: fishWay, image: `/images/baits/${id}.png` },
  };
}

const BAITS: BaitItem[] = [
  bait(1, '蚯蚓', 'Worm', 'Q', 901),
  bait(2, '面包', 'Bread', 'M', 901),
  bait(3, '勺型亮片', 'Spoon', 'S', 902),
  bait(4, '玉米', 'Corn', 'Y', 901),
  bait(5, '波尔卡', 'Bolka', 'B', 902),
];

// 30 more baits under one letter, for the paging test.
const BULK: BaitItem[] = Array.from({ length: 30 }, (_, i) => bait(100 + i, `紫${i}`, `Zander lure ${i}`, 'Z', 902));

let failCategories = false;
let api: ReturnType<typeof fakeApi>;

/** GET /api/system/get_categories answering `choose(query)`: a page of items and the total. */
function categories(choose: (query: URLSearchParams) => { items: BaitItem[]; total?: number }) {
  return ({ search }: RecordedRequest): Response => {
    if (failCategories) return json({ detail: 'boom' }, 500);
    const { items, total = items.length } = choose(search);
    return json({ items, total, page: Number(search.get('page')), page_size: Number(search.get('page_size')) });
  };
}
const answerCategories = (choose: Parameters<typeof categories>[0]) =>
  api.on({ 'GET /api/system/get_categories': categories(choose) });
const [worm, , spoon] = BAITS as [BaitItem, BaitItem, BaitItem];

function renderList(url = '/query/baits') {
  return renderRoute(<BaitList />, { path: '*', url }).router;
}

const categoryRequests = () => api.to('GET', '/api/system/get_categories').map((request) => request.search);
const lastRequest = () => categoryRequests().at(-1)!;
const shownNames = () =>
  within(screen.getByRole('list'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

beforeAll(async () => {
  await initI18n('zh');
});

beforeEach(async () => {
  failCategories = false;
  api = fakeApi({
    'GET /api/system/get_category_list': () =>
      json({ category_list: { baits: BAITS, fish_way: FISH_WAYS, fish: [], maps: [], star_type: [] } }),
    'GET /api/system/get_categories': categories(() => ({ items: BAITS })),
  });
  resetBaseConfig();
  await loadBaseConfig();
});

// Each test renders the whole list with its filters (the type select among them): on a busy 2-core machine the
// paging and search tests were seen at 4.9 s before it and 5.9 s after, past the 5 s default.
describe('BaitList', { timeout: 15_000 }, () => {
  it('shows the baits of the page with their other names, type and image', async () => {
    renderList();
    expect(await screen.findByRole('heading', { name: '蚯蚓' })).toBeTruthy();
    expect(shownNames()).toHaveLength(BAITS.length);
    const card = screen.getByRole('heading', { name: '蚯蚓' }).closest('li')!;
    expect(within(card).getByText('Worm')).toBeTruthy();
    expect(within(card).getByText('活饵')).toBeTruthy();
    expect(within(card).getByRole('img').getAttribute('src')).toBe('/images/baits/1.png');
    expect(screen.getByText(zh.list.total_other.replace('{{count}}', String(BAITS.length)))).toBeTruthy();
    expect(lastRequest().get('group_type')).toBe('baits');
    expect(lastRequest().get('lang')).toBe('zh');
    // A search matches anywhere in a name by default.
    expect(lastRequest().get('like_start')).toBe('false');
  });

  it('matches only at the start of a name when the box is unticked, and keeps that in the URL', async () => {
    const router = renderList();
    await screen.findByRole('heading', { name: '蚯蚓' });
    const anywhere = screen.getByRole('checkbox', { name: zh.search.contains });
    expect((anywhere as HTMLInputElement).checked).toBe(true);
    fireEvent.click(anywhere);
    await waitFor(() => expect(lastRequest().get('like_start')).toBe('true'));
    expect(router.state.location.search).toBe('?match=start');
  });

  it('filters by the clicked letter and keeps it in the URL', async () => {
    answerCategories((q) => ({ items: q.get('letter') === 'Q' ? [worm] : BAITS }));
    const router = renderList();
    await screen.findByRole('heading', { name: '蚯蚓' });

    fireEvent.click(screen.getByRole('button', { name: zh.letters.letter.replace('{{letter}}', 'Q') }));

    await waitFor(() => expect(shownNames()).toEqual(['蚯蚓']));
    expect(lastRequest().get('letter')).toBe('Q');
    expect(router.state.location.search).toBe('?letter=Q');
    expect(
      screen.getByRole('button', { name: zh.letters.letter.replace('{{letter}}', 'Q') }).getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: zh.letters.all }));
    await waitFor(() => expect(shownNames()).toHaveLength(BAITS.length));
    expect(router.state.location.search).toBe('');
  });

  it('offers only the letters that have baits', async () => {
    renderList();
    await screen.findByRole('heading', { name: '蚯蚓' });
    const letter = (l: string) => screen.getByRole('button', { name: zh.letters.letter.replace('{{letter}}', l) });
    expect(letter('Q').hasAttribute('disabled')).toBe(false);
    expect(letter('A').hasAttribute('disabled')).toBe(true);
    // No name outside A–Z in this catalogue, so there is no '#' entry at all.
    expect(screen.queryByRole('button', { name: zh.letters.other })).toBeNull();
  });

  it('reads its filters from a shared URL', async () => {
    renderList('/en/query/baits?letter=b&q=bo&page=1');
    expect(await screen.findByRole('heading', { name: 'Bolka' })).toBeTruthy();
    expect(lastRequest().get('letter')).toBe('B');
    expect(lastRequest().get('like_str')).toBe('bo');
    expect(lastRequest().get('lang')).toBe('en');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('bo');
  });

  it('searches by name after a pause in typing and shows the empty state when nothing matches', async () => {
    answerCategories((q) => ({ items: { spo: [spoon], xyz: [] }[q.get('like_str') ?? ''] ?? BAITS }));
    const router = renderList();
    await screen.findByRole('heading', { name: '蚯蚓' });

    // Each search waits for the box's pause in typing before it asks: more patience than the 1 s default, which a
    // busy machine running the whole suite can use up.
    const patience = { timeout: 4000 };
    fireEvent.change(screen.getByRole('searchbox', { name: zh.search.label }), { target: { value: 'spo' } });
    await waitFor(() => expect(shownNames()).toEqual(['勺型亮片']), patience);
    expect(lastRequest().get('like_str')).toBe('spo');
    expect(router.state.location.search).toBe('?q=spo');

    fireEvent.change(screen.getByRole('searchbox', { name: zh.search.label }), { target: { value: 'xyz' } });
    expect(await screen.findByText(zh.empty.title, {}, patience)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: zh.empty.clearFilters }));
    await waitFor(() => expect(shownNames()).toHaveLength(BAITS.length));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('pages through a long list and starts again at page 1 when the filter changes', async () => {
    // 30 baits under Z: 24 on the first page, 6 on the second.
    answerCategories((q) => {
      if (q.get('letter') !== 'Z') return { items: BAITS };
      return q.get('page') === '2' ? { items: BULK.slice(24), total: 30 } : { items: BULK.slice(0, 24), total: 30 };
    });
    const router = renderList('/query/baits?letter=Z');
    expect(await screen.findByRole('heading', { name: '紫0' })).toBeTruthy();
    expect(shownNames()).toHaveLength(24);

    fireEvent.click(screen.getByRole('button', { name: zh.pagination.page.replace('{{page}}', '2') }));
    await waitFor(() => expect(shownNames()).toHaveLength(6));
    expect(lastRequest().get('page')).toBe('2');
    expect(lastRequest().get('page_size')).toBe('24');
    expect(router.state.location.search).toBe('?letter=Z&page=2');

    fireEvent.click(screen.getByRole('button', { name: zh.letters.all }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(lastRequest().get('page')).toBe('1');
  });

  it('shows the load-failed state and recovers on retry', async () => {
    failCategories = true;
    renderList();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(zh.error.title)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();

    failCategories = false;
    const before = categoryRequests().length;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: zh.error.retry }));
    });
    expect(await screen.findByRole('heading', { name: '蚯蚓' })).toBeTruthy();
    expect(categoryRequests().length).toBeGreaterThan(before);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('an empty result offers what would widen it', () => {
    // The server's answers for these tests: the spoon for 'spoon' or 'oon' anywhere in a name over every letter;
    // nothing under a letter, from the start of a name, or for anything else. The offers are judged on the base configuration's baits with the server's own rule.
    beforeEach(() =>
      answerCategories((q) => {
        const found =
          ['spoon', 'Spoon', 'oon'].includes(q.get('like_str') ?? '') &&
          q.get('letter') === null &&
          q.get('like_start') === 'false';
        return { items: found ? [spoon] : [] };
      }),
    );

    it('every letter, when a letter hides what the search finds', async () => {
      const router = renderList('/query/baits?letter=Q&q=spoon');
      fireEvent.click(await screen.findByRole('button', { name: zh.empty.allLetters }));
      await waitFor(() => expect(shownNames()).toEqual(['勺型亮片']));
      expect(lastRequest().get('letter')).toBeNull();
      expect(router.state.location.search).toBe('?q=spoon');
      // Matching anywhere would not help here: not offered.
      expect(screen.queryByRole('button', { name: zh.empty.anywhere })).toBeNull();
    });

    it('anywhere in the name, when matching from the start finds nothing', async () => {
      const router = renderList('/query/baits?q=oon&match=start');
      fireEvent.click(await screen.findByRole('button', { name: zh.empty.anywhere }));
      await waitFor(() => expect(shownNames()).toEqual(['勺型亮片']));
      expect(lastRequest().get('like_start')).toBe('false');
      expect(router.state.location.search).toBe('?q=oon');
      expect(screen.queryByRole('button', { name: zh.empty.allLetters })).toBeNull();
    });

    it('a close spelling, as a link that runs the corrected search', async () => {
      const router = renderList('/query/baits?letter=S&q=spoonn');
      const didYouMean = await screen.findByTestId('did-you-mean');
      expect(within(didYouMean).getByText(zh.empty.didYouMean)).toBeTruthy();
      const link = within(didYouMean).getByRole('link', { name: 'Spoon' });
      expect(link.getAttribute('href')).toBe('/query/baits?q=Spoon');
      fireEvent.click(link);
      await waitFor(() => expect(shownNames()).toEqual(['勺型亮片']));
      expect(lastRequest().get('like_str')).toBe('Spoon');
      expect(router.state.location.search).toBe('?q=Spoon');
    });

    it('nothing but clearing, when nothing is close', async () => {
      renderList('/query/baits?q=zzzzzz');
      await screen.findByText(zh.empty.title);
      expect(screen.queryByTestId('did-you-mean')).toBeNull();
      expect(screen.queryByRole('button', { name: zh.empty.allLetters })).toBeNull();
      expect(screen.getByRole('button', { name: zh.empty.clearFilters })).toBeTruthy();
    });
  });

  it('filters by bait type (issue 26), keeps it in the URL, and clears it with the other filters', async () => {
    const ofType = (type: string | null) => BAITS.filter((b) => type === null || String(b.data.fish_way) === type);
    answerCategories((q) => ({ items: ofType(q.get('fish_way')) }));
    const router = renderList('/query/baits?letter=B');
    await screen.findByRole('heading', { name: '波尔卡' });
    expect(lastRequest().get('fish_way')).toBeNull();

    fireEvent.click(screen.getByRole('combobox', { name: zh.types.label }));
    fireEvent.click(await screen.findByRole('option', { name: '假饵' }));
    await waitFor(() => expect(lastRequest().get('fish_way')).toBe('902'));
    expect(lastRequest().get('group_type')).toBe('baits');
    // The letter stays; the type joins it, and the page starts again at 1.
    expect(router.state.location.search).toBe('?letter=B&type=902');
    await waitFor(() => expect(shownNames()).toEqual(['勺型亮片', '波尔卡']));
    // The index offers the letters of that type's baits only: no worm (Q) among the lures.
    const letter = (l: string) => screen.getByRole('button', { name: zh.letters.letter.replace('{{letter}}', l) });
    expect(letter('S').hasAttribute('disabled')).toBe(false);
    expect(letter('Q').hasAttribute('disabled')).toBe(true);

    // Mantine keeps the clear button out of the accessibility tree (a keyboard picks the chosen type again to clear it).
    fireEvent.click(screen.getByLabelText(zh.types.clear));
    await waitFor(() => expect(router.state.location.search).toBe('?letter=B'));
    // Every type's baits again (the first answer, which the list has kept).
    await waitFor(() => expect(shownNames()).toHaveLength(BAITS.length));
  });

  it('reads the type of a shared URL', async () => {
    renderList('/en/query/baits?type=901');
    await screen.findByRole('heading', { name: 'Worm' });
    expect(lastRequest().get('fish_way')).toBe('901');
    expect((screen.getByRole('combobox', { name: zh.types.label }) as HTMLInputElement).value).toBe('Live bait');
  });

  it('asks for every type when the link names a type the catalogue lacks', async () => {
    renderList('/query/baits?type=999');
    await screen.findByRole('heading', { name: '蚯蚓' });
    expect(categoryRequests().every((q) => q.get('fish_way') === null)).toBe(true);
  });

  it("links each bait's name to its page", async () => {
    renderList('/en/query/baits');
    const link = await screen.findByRole('link', { name: 'Worm' });
    expect(link.getAttribute('href')).toBe('/en/query/baits/1-worm');
    expect(link.closest('h2')).toBeTruthy();
  });
});
