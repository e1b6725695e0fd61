/**
 * The chat and the search find the same names (issue 26): for every fish of the demo catalogue, each way of naming
 * it — its name in zh, en and ja, its pinyin (two syllables or more), the last word of its English name when no other fish shares it — is
 * found by the chat inside a question, and that fish is among what the catalogue search answers for the same text.
 * Both read names through `#shared/game/name-match`; this holds them to it on a real catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoriesResponse, CategoryListResponse, type FishItem } from '#shared/contracts/catalogue';
import { createTestApp, type TestContext } from '../../test/test-app';
import { NameIndex, normalize } from './question-reading';

let ctx: TestContext;
let fish: FishItem[];

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ url: '/api/system/get_category_list?category_group=fish' });
  fish = CategoryListResponse.parse(res.json()).category_list.fish!;
});
afterAll(() => ctx.close());

/** Every way of naming each fish a player might type. */
function namings(all: readonly FishItem[]): { fish: FishItem; text: string }[] {
  const lastWords = new Map<string, number>();
  for (const f of all) {
    const last = f.name_en?.toLowerCase().split(' ').at(-1);
    if (last && f.name_en!.includes(' ')) lastWords.set(last, (lastWords.get(last) ?? 0) + 1);
  }
  return all.flatMap((f) => {
    const texts = [f.name, f.name_en, f.name_ja];
    // The chat reads pinyin of two syllables or more: one ('ju') is too often another word.
    if (f.name_pinyin.includes(' ')) texts.push(f.name_pinyin.replace(/ /g, ''));
    const last = f.name_en?.toLowerCase().split(' ').at(-1);
    if (last && f.name_en!.includes(' ') && lastWords.get(last) === 1 && last.length >= 3) texts.push(last);
    return texts.filter((text): text is string => !!text).map((text) => ({ fish: f, text }));
  });
}

describe('the chat and the search', () => {
  it('find the same fish for every name, pinyin and unshared last word of the catalogue', async () => {
    const index = new NameIndex(fish);
    const cases = namings(fish);
    expect(cases.length).toBeGreaterThan(fish.length * 4);
    for (const { fish: named, text } of cases) {
      const question = /^[\p{Script=Latin}\d' .-]+$/u.test(text) ? `what bait for ${text}?` : `${text}用什么饵`;
      const chat = index.find(normalize(question));
      expect(chat, question).not.toBeNull();
      const res = await ctx.app.inject({
        url: `/api/system/get_categories?group_type=fish&like_start=false&page_size=100&like_str=${encodeURIComponent(text)}`,
      });
      const search = CategoriesResponse.parse(res.json()).items.map((item) => item.id);
      // The chat picks one fish (the longest name in the question); the search lists every fish it names.
      expect(search, text).toContain(chat!.id);
      if (search.length === 1) expect(chat!.id, text).toBe(named.id);
    }
  });
});
