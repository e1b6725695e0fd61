/**
 * The AI chat hears the question's conditions (issue 26) over known catches: night and day, a game hour or range, a
 * weather and a depth each count their own slice (catches at night and by day give different top baits), an empty
 * slice widens step by step (this map → all maps, 72 hours → 7 days, conditions dropped) and says so, a question about
 * nothing in the game gets a scope answer without facts (so no "from our data" badge), and counts read naturally in
 * English ("1 catch was", "2 catches were"). zh, en and ja. Real database (PostgreSQL under `npm run test:pg`).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResponse } from '#shared/contracts/ai';
import type { BaitItem, FishItem, MapItem } from '#shared/contracts/catalogue';
import { wireTime } from '#shared/contracts/catches';
import type { Locale } from '#shared/locales';
import { createCatchWriter } from '../../catch-store/catch-store';
import { asUser, signedInVip } from '../../test/accounts';
import { catchPlace, validCatch } from '../../test/catch-fixtures';
import { createTestApp, type TestContext } from '../../test/test-app';
import { PHRASES } from './answer-phrases';

let ctx: TestContext;
let app: FastifyInstance;
let vipToken: string;
/** A fish on two maps with known catches; a second fish with none. */
let fish: FishItem;
let quiet: FishItem;
let mapA: MapItem;
let mapB: MapItem;
let baits: BaitItem[];
/** Another fish of map A, four catches of which make the test fish 8 of map A's 12 catches. */
let neighbour: FishItem | undefined;
const HOUR = 3_600_000;

const nameIn = (item: { name: string; name_en: string | null; name_ja: string | null }, lang: Locale) =>
  lang === 'en' ? item.name_en || item.name : lang === 'ja' ? item.name_ja || item.name : item.name;

async function ask(question: string): Promise<AskResponse> {
  const res = await asUser(app, vipToken, { method: 'POST', url: '/api/ai/ask', payload: { question } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const baitText = (answer: AskResponse) =>
  answer.facts
    .filter((f) => f.intent === 'bait')
    .map((f) => f.text)
    .join('\n');

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  const view = await ctx.services.catalogue.view();
  fish = [...view.fish.values()].find((f) => f.data.maps.filter((id) => view.maps.has(id)).length >= 2)!;
  const [first, second] = fish.data.maps.filter((id) => view.maps.has(id));
  mapA = view.maps.get(first!)!;
  mapB = view.maps.get(second!)!;
  quiet = [...view.fish.values()].find((f) => f.id !== fish.id && f.data.maps.length > 0)!;
  baits = [...view.baits.values()].slice(0, 4);
  neighbour = [...view.fish.values()].find(
    (f) => f.id !== fish.id && f.id !== quiet.id && f.data.maps.includes(mapA.id),
  );
  const place = catchPlace(view);
  const now = Date.now();
  const at = (map: MapItem, hoursAgo: number, bait: BaitItem, extra: Record<string, unknown>) =>
    validCatch(
      { ...place, mapId: map.id, fishId: fish.id, bounds: map.data.bounds },
      {
        map_id: map.id,
        fish_id: fish.id,
        weight: fish.data.min_weight,
        caught_at: wireTime(now - hoursAgo * HOUR),
        bait_id: bait.id,
        ...extra,
      },
    );
  const night = { weather: 'drizzle', depth: 4.5, night: true };
  const day = { weather: 'sunny', depth: 12, night: false };
  const items = [
    // Night on map A: baits[0] three times (game hours 22, 23 and 2; drizzle, 4.5 m).
    at(mapA, 1, baits[0]!, { ...night, game_hour: 22 }),
    at(mapA, 2, baits[0]!, { ...night, game_hour: 23 }),
    at(mapA, 3, baits[0]!, { ...night, game_hour: 2 }),
    // Day on map A: baits[1] four times (game hours 10 and 13; sunny, 12 m).
    ...[4, 5].map((h) => at(mapA, h, baits[1]!, { ...day, game_hour: 10 })),
    ...[6, 7].map((h) => at(mapA, h, baits[1]!, { ...day, game_hour: 13 })),
    // Day on map B: baits[2] once.
    at(mapB, 8, baits[2]!, { ...day, game_hour: 13 }),
    // Five days ago on map A, game hour 5 in a thunderstorm: only the 7-day window holds it.
    at(mapA, 5 * 24, baits[3]!, { weather: 'thunderstorm', depth: 4.5, night: false, game_hour: 5 }),
    // Four catches of another fish on map A: the test fish is 8 of map A's 12 catches (67 %), 1 of map B's 1 (100 %).
    ...(neighbour
      ? [1, 2, 3, 4].map((h) => ({
          ...at(mapA, h, baits[0]!, { ...day, game_hour: 12 }),
          fish_id: neighbour!.id,
          weight: neighbour!.data.min_weight,
        }))
      : []),
  ];
  const loggerId = (await app.inject({ method: 'POST', url: '/api/c_report/clients', payload: {} })).json().client_id;
  const written = await createCatchWriter(ctx.db.kysely, ctx.services.catalogue).writer.writeCatches(loggerId, items);
  expect(written.invalid).toBe(0);

  vipToken = await signedInVip(ctx);
}, 120_000);
afterAll(() => ctx?.close());

const NIGHT: Record<Locale, (fish: string) => string> = {
  zh: (n) => `${n}晚上用什么饵？`,
  en: (n) => `What bait for ${n} at night?`,
  ja: (n) => `${n}の夜の餌は？`,
};
const DAY: Record<Locale, (fish: string) => string> = {
  zh: (n) => `${n}白天用什么饵？`,
  en: (n) => `What bait for ${n} during the day?`,
  ja: (n) => `${n}の昼間の餌は？`,
};
const NIGHT_HOURS: Record<Locale, string> = { zh: '21点–4点', en: 'game hours 21–4', ja: '21時–4時' };

describe.each(['zh', 'en', 'ja'] as const)('conditions in %s', (lang) => {
  it('night and day count their own catches: different top baits, each with its count and hours', async () => {
    const atNight = baitText(await ask(NIGHT[lang](nameIn(fish, lang))));
    expect(atNight).toContain(NIGHT_HOURS[lang]);
    expect(atNight).toContain(`${nameIn(baits[0]!, lang)} 100%`);
    expect(atNight).not.toContain(nameIn(baits[1]!, lang));
    expect(atNight).toContain('3');

    const byDay = baitText(await ask(DAY[lang](nameIn(fish, lang))));
    // Game hours 5–20 on every map: four of baits[1] on map A, one of baits[2] on map B.
    expect(byDay).toContain(`${nameIn(baits[1]!, lang)} 80%`);
    expect(byDay).toContain(`${nameIn(baits[2]!, lang)} 20%`);
    expect(byDay).not.toContain(nameIn(baits[0]!, lang));
    expect(byDay).toContain('5');
  });

  it('a weather and a depth slice too; their words set the slice rather than the intent', async () => {
    const rain = { zh: '下雨天', en: 'in the rain', ja: '雨の日' }[lang];
    const answer = await ask(`${nameIn(fish, lang)} ${rain} ${{ zh: '用什么饵', en: 'bait', ja: 'の餌' }[lang]}`);
    expect(answer.intents).toEqual(['bait']);
    expect(baitText(answer)).toContain(`${nameIn(baits[0]!, lang)} 100%`);

    const deep = await ask(`${nameIn(fish, lang)} 12m ${{ zh: '用什么饵', en: 'bait', ja: 'の餌' }[lang]}`);
    // 12 m is the band 10–20: the day's catches of both maps (four of baits[1], one of baits[2]), none of the night's.
    expect(baitText(deep)).toContain(`${nameIn(baits[1]!, lang)} 80%`);
    expect(baitText(deep)).not.toContain(nameIn(baits[0]!, lang));
    expect(baitText(deep)).toContain('10–20');
  });

  it('an empty map widens to all maps, and says so', async () => {
    const map = nameIn(mapB, lang);
    const question = {
      zh: `${nameIn(fish, 'zh')}在${map}晚上用什么饵`,
      en: `What bait for ${nameIn(fish, 'en')} on ${map} at night?`,
      ja: `${map}で${nameIn(fish, 'ja')}の夜の餌は？`,
    }[lang];
    const answer = await ask(question);
    expect(answer.map_id).toBe(mapB.id);
    const text = baitText(answer);
    expect(text).toContain(PHRASES[lang].widenTo.allMaps);
    expect(text).not.toContain(PHRASES[lang].widenTo.days(7));
    expect(text).toContain(`${nameIn(baits[0]!, lang)} 100%`);
    // The link follows the widened slice: all maps.
    expect(answer.links).toContainEqual(expect.objectContaining({ page: 'baitGuide', search: `?fish_id=${fish.id}` }));
  });

  it('an empty hour widens to 7 days; an empty depth at last drops the conditions', async () => {
    const atFive = baitText(await ask(`${nameIn(fish, lang)} ${{ zh: '5点', en: 'at 5', ja: '5時' }[lang]} bait`));
    expect(atFive).toContain(PHRASES[lang].widenTo.days(7));
    expect(atFive).toContain(`${nameIn(baits[3]!, lang)} 100%`);
    expect(atFive).not.toContain(PHRASES[lang].widenTo.noConditions);

    const deep = baitText(await ask(`${nameIn(fish, lang)} 60m bait`));
    expect(deep).toContain(PHRASES[lang].widenTo.days(7));
    expect(deep).toContain(PHRASES[lang].widenTo.noConditions);
    // Every catch of the 7 days: 3 + 4 + 1 + 1.
    expect(deep).toContain('9');
    expect(deep).toContain(nameIn(baits[1]!, lang));
  });

  it('a fish with no catch at all says what was tried', async () => {
    const answer = await ask(NIGHT[lang](nameIn(quiet, lang)));
    const text = baitText(answer);
    expect(text).toContain(PHRASES[lang].widenTo.days(7));
    expect(text).toContain(PHRASES[lang].widenTo.noConditions);
    expect(answer.facts).toHaveLength(1);
  });
});

describe.each(['zh', 'en', 'ja'] as const)('uncertain shares in %s (decision 0034)', (lang) => {
  it('a fact resting on fewer catches than SHARE_MIN_SAMPLE says its sample is thin', async () => {
    const atNight = baitText(await ask(NIGHT[lang](nameIn(fish, lang))));
    expect(atNight).toContain(PHRASES[lang].thin(3, 30));
    // Beside each share, its interval: 3 of 3 is not a sure 100 %.
    expect(atNight).toContain('44–100%');
    const time = await ask(
      {
        zh: `${nameIn(fish, 'zh')}几点最好钓？`,
        en: `What time is best for ${nameIn(fish, 'en')}?`,
        ja: `${nameIn(fish, 'ja')}は何時に釣れる？`,
      }[lang],
    );
    expect(time.facts.map((f) => f.text).join('\n')).toContain(PHRASES[lang].thin(8, 30));
  });

  it('the best map is where the fish’s share is surest: 8 of 12 beats a lucky 1 of 1', async () => {
    if (!neighbour) return expect(neighbour).toBeUndefined();
    const answer = await ask(
      {
        zh: `${nameIn(fish, 'zh')}在哪里钓？`,
        en: `Where do I catch ${nameIn(fish, 'en')}?`,
        ja: `${nameIn(fish, 'ja')}はどこで釣れる？`,
      }[lang],
    );
    const place = answer.facts.filter((f) => f.intent === 'place').map((f) => f.text);
    // The ranking names map A first (lower end 39 %) though map B's share is higher (100 %, lower end 21 %).
    const ranking = place[0]!;
    expect(ranking.indexOf(nameIn(mapA, lang))).toBeLessThan(ranking.indexOf(nameIn(mapB, lang)));
    expect(ranking).toContain(PHRASES[lang].mapShare(nameIn(mapA, lang), 8, 12, '67', '39–86'));
    expect(ranking).toContain(PHRASES[lang].mapShare(nameIn(mapB, lang), 1, 1, '100', '21–100'));
    // The hot spots are map A's, and its link opens map A.
    expect(place[1]).toContain(nameIn(mapA, lang));
    const link = answer.links.find((l) => l.page === 'home')!;
    expect(new URLSearchParams(link.search).get('map')).toBe(String(mapA.id));
  });
});

describe('plurals and scope', () => {
  it('English counts read "1 catch was" and "2 catches were"', async () => {
    const one = baitText(await ask(`What bait for ${nameIn(fish, 'en')} between 18 and 22?`));
    expect(one).toContain('1 catch was reported');
    expect(one).toContain('game hours 18–22');
    const three = baitText(await ask(NIGHT.en(nameIn(fish, 'en'))));
    expect(three).toContain('3 catches were reported');
    expect(PHRASES.en.spot(1, 2, 1)).toMatch(/with 1 catch$/);
    expect(PHRASES.en.habitat('Pike', 1, 'Lake')).toBe('Pike lives on 1 map: Lake.');
    expect(PHRASES.en.habitat('Pike', 2, 'Lake, River')).toBe('Pike lives on 2 maps: Lake, River.');
  });

  it.each([
    ['en', 'Who won the football world cup in 1998?'],
    ['zh', '今天股市怎么样？'],
    ['ja', '明日の予定を教えてください'],
  ] as const)('a question about nothing in the game (%s) gets the scope answer, no facts', async (lang, question) => {
    const answer = await ask(question);
    expect(answer).toMatchObject({ language: lang, fish_id: null, facts: [], links: [], suggestions: [] });
    const view = await ctx.services.catalogue.view();
    const [first, second] = view.groups.fish;
    const examples = PHRASES[lang].exampleQuestions(
      nameIn(first!, lang),
      nameIn(second!, lang),
      nameIn(view.groups.maps[0]!, lang),
    );
    expect(answer.answer).toBe(PHRASES[lang].scope(examples));
    for (const example of examples) expect(answer.answer).toContain(example);
  });
});
