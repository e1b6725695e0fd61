/**
 * The AI chat over the fixed demo world (docs/design.md §5, issue 11): every intent in zh, en and ja answers with the
 * numbers the bait guide, heat map and records APIs give for the same filters (asked of those APIs in the test); a name
 * inside a Chinese sentence is found; a typo gets suggestions; bad input gets 422 or a clear answer; the quota admits
 * exactly AI_FREE_PER_MINUTE of 50 concurrent questions; VIP members are never limited; a user sees their own history.
 * Real database (and Redis under `npm run test:pg`).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiFact, AskResponse } from '#shared/contracts/ai';
import type { FishItem, MapItem, BaitItem, StarTypeItem } from '#shared/contracts/catalogue';
import type {
  BaitGuideDetailResponse,
  BaitGuideResponse,
  BaitGuideTopResponse,
  HeatmapResponse,
  OfficialLogPage,
} from '#shared/contracts/catches';
import type { Locale } from '#shared/locales';
import { seedDemoActivity } from '../../demo/activity/seed-activity';
import { asUser, signedIn, signedInVip } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { byShareLower, withShare } from '#shared/share-interval';
import { percent, percentRange, weightText } from './builtin-answerer';

let ctx: TestContext;
let app: FastifyInstance;
let vipToken: string;
let fish: FishItem;
let maps: Map<number, MapItem>;
let baits: Map<number, BaitItem>;
let starTypes: Map<number, StarTypeItem>;
const LANGS: Locale[] = ['zh', 'en', 'ja'];

const nameIn = (item: { name: string; name_en: string | null; name_ja: string | null }, lang: Locale) =>
  lang === 'en' ? item.name_en || item.name : lang === 'ja' ? item.name_ja || item.name : item.name;

async function get<T>(url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Asks as the VIP member (never limited), so the intent tests do not use a quota. */
async function ask(question: string): Promise<AskResponse> {
  const res = await asUser(app, vipToken, { method: 'POST', url: '/api/ai/ask', payload: { question } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const factsOf = (answer: AskResponse, intent: AiFact['intent']) =>
  answer.facts
    .filter((f) => f.intent === intent)
    .map((f) => f.text)
    .join('\n');

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  // The fixed demo world: its generator is seeded, so the same catches every run, ending now.
  await seedDemoActivity(ctx.db.kysely, { catches: 20_000 });
  const view = await ctx.services.catalogue.view();
  maps = new Map(view.maps);
  baits = new Map(view.baits);
  starTypes = new Map(view.starTypes);
  // The fish with the most official records among those with the most catches in the bait guide's window.
  const top = await get<BaitGuideTopResponse>('/api/bait-guide/top');
  const records = await get<OfficialLogPage>('/api/logs/official?page_size=100');
  const recordCount = (id: number) => records.items.filter((r) => r.fish_id === id).length;
  const busy = [...top.fishes].sort((a, b) => b.total - a.total).slice(0, 10);
  const chosen = busy.sort((a, b) => recordCount(b.fish_id) - recordCount(a.fish_id))[0]!;
  fish = view.fish.get(chosen.fish_id)!;

  vipToken = await signedInVip(ctx);
}, 120_000);
afterAll(() => ctx?.close());

const QUESTIONS: Record<string, Record<Locale, (name: string) => string>> = {
  bait: { zh: (n) => `${n}用什么饵？`, en: (n) => `What bait should I use for ${n}?`, ja: (n) => `${n}の餌は？` },
  place: { zh: (n) => `${n}在哪里钓？`, en: (n) => `Where do I catch ${n}?`, ja: (n) => `${n}はどこで釣れる？` },
  time: { zh: (n) => `${n}几点最好钓？`, en: (n) => `What time is best for ${n}?`, ja: (n) => `${n}は何時に釣れる？` },
  depth: { zh: (n) => `${n}钓多深？`, en: (n) => `How deep for ${n}?`, ja: (n) => `${n}の水深は？` },
  weather: { zh: (n) => `${n}什么天气好钓？`, en: (n) => `What weather for ${n}?`, ja: (n) => `${n}の天気は？` },
  records: { zh: (n) => `${n}的官方记录`, en: (n) => `${n} records`, ja: (n) => `${n}の記録は？` },
  trophy: { zh: (n) => `${n}奖杯重量是多少`, en: (n) => `${n} trophy weight`, ja: (n) => `${n}のトロフィーの重さ` },
  habitat: {
    zh: (n) => `${n}分布在哪些地图`,
    en: (n) => `Which maps does ${n} live on?`,
    ja: (n) => `${n}はどのマップに生息？`,
  },
};

describe.each(LANGS)('POST /ai/ask in %s', (lang) => {
  const question = (intent: string) => QUESTIONS[intent]![lang](nameIn(fish, lang));

  it('bait: the bait guide’s sample size, shares and counts', async () => {
    const answer = await ask(question('bait'));
    expect(answer).toMatchObject({ language: lang, fish_id: fish.id, engine: 'builtin', remaining: null });
    expect(answer.intents).toEqual(['bait']);
    const guide = await get<BaitGuideResponse>(`/api/bait-guide?fish_id=${fish.id}`);
    expect(guide.total).toBeGreaterThan(0);
    const text = factsOf(answer, 'bait');
    expect(text).toContain(String(guide.total));
    for (const b of guide.baits.slice(0, 3)) {
      expect(text).toContain(nameIn(baits.get(b.bait_id)!, lang));
      expect(text).toContain(`${percent(b.share, guide.total)}%`);
      // Beside each share, its 95 % interval as the API answers it (decision 0034).
      expect(text).toContain(`${percentRange(b.share_lower, b.share_upper, guide.total)}%`);
      expect(text).toContain(String(b.count));
    }
    expect(text).toContain('72');
    expect(answer.links).toContainEqual(expect.objectContaining({ page: 'baitGuide', search: `?fish_id=${fish.id}` }));
  });

  it('place: the heat map’s total and busiest cells on the map where the fish’s share is surest', async () => {
    const answer = await ask(question('place'));
    expect(answer.intents).toContain('place');
    // The fish's share of each map's catches, ranked by the lower end of its interval (decision 0034).
    const heats = await Promise.all(
      fish.data.maps.map(async (id) => {
        const heat = await get<HeatmapResponse>(`/api/heatmap?map_id=${id}&fish_id=${fish.id}&range=7d`);
        const all = (await get<HeatmapResponse>(`/api/heatmap?map_id=${id}&range=7d`)).total;
        return { id, heat, all, ...withShare({ count: heat.total }, all) };
      }),
    );
    heats.sort((a, b) => byShareLower(a, b) || a.id - b.id);
    const best = heats[0]!;
    const text = factsOf(answer, 'place');
    expect(text).toContain(nameIn(maps.get(best.id)!, lang));
    expect(text).toContain(String(best.heat.total));
    if (heats.length > 1) expect(text).toContain(`${percentRange(best.share_lower, best.share_upper, best.all)}%`);
    const cells = [...best.heat.cells].sort((a, b) => b[2] - a[2] || a[1] - b[1] || a[0] - b[0]);
    const [col, row, count] = cells[0]!;
    expect(text).toContain(String(count));
    expect(text).toContain(String(Math.round(best.heat.bounds.x_min + (col + 0.5) * best.heat.cell_w)));
    const link = answer.links.find((l) => l.page === 'home')!;
    expect(new URLSearchParams(link.search).get('map')).toBe(String(best.id));
    expect(new URLSearchParams(link.search).get('cell')).toBe(`${col}-${row}`);
  });

  it.each(['time', 'depth', 'weather'] as const)('%s: the bait guide detail’s split', async (intent) => {
    const answer = await ask(question(intent));
    expect(answer.intents).toContain(intent);
    const detail = await get<BaitGuideDetailResponse>(`/api/bait-guide/detail?fish_id=${fish.id}`);
    const split = intent === 'time' ? detail.by_hour : intent === 'depth' ? detail.by_depth : detail.by_weather;
    const top = [...split].sort((a, b) => b.total - a.total)[0]!;
    const text = factsOf(answer, intent);
    expect(text).toContain(String(detail.total));
    expect(text).toContain(String(top.total));
    if (intent !== 'weather') expect(text).toContain(String(top.key));
    expect(answer.links).toContainEqual(
      expect.objectContaining({ page: 'baitGuide', search: `?fish_id=${fish.id}&details=1` }),
    );
  });

  it('records: the official records’ total, newest and heaviest', async () => {
    const answer = await ask(question('records'));
    expect(answer.intents).toContain('records');
    const page = await get<OfficialLogPage>(`/api/logs/official?fish_id=${fish.id}&page_size=100`);
    expect(page.total).toBeGreaterThan(0);
    const text = factsOf(answer, 'records');
    expect(text).toContain(String(page.total));
    expect(text).toContain(weightText(page.items[0]!.weight));
    expect(text).toContain(page.items[0]!.player_name);
    expect(text).toContain(weightText(Math.max(...page.items.map((r) => r.weight))));
    expect(answer.links).toContainEqual({
      page: 'officialLogs',
      search: `?fish=${fish.id}`,
      label: expect.any(String),
    });
  });

  it('trophy: the catalogue’s weights and star thresholds', async () => {
    const answer = await ask(question('trophy'));
    expect(answer.intents).toContain('trophy');
    const text = factsOf(answer, 'trophy');
    expect(text).toContain(weightText(fish.data.max_weight));
    for (const star of fish.data.star_weights) {
      expect(text).toContain(`${nameIn(starTypes.get(star.star_type)!, lang)} ≥ ${weightText(star.min_weight)}`);
    }
  });

  it('habitat: the maps it lives on', async () => {
    const answer = await ask(question('habitat'));
    expect(answer.intents).toContain('habitat');
    const text = factsOf(answer, 'habitat');
    for (const id of fish.data.maps) expect(text).toContain(nameIn(maps.get(id)!, lang));
  });
});

describe('reading questions', () => {
  it('finds a fish and a map inside a Chinese sentence without spaces', async () => {
    const map = maps.get(fish.data.maps[0]!)!;
    const answer = await ask(`我想知道${fish.name}在${map.name}用什么饵比较好`);
    expect(answer).toMatchObject({ language: 'zh', fish_id: fish.id, map_id: map.id, intents: ['bait'] });
    const guide = await get<BaitGuideResponse>(`/api/bait-guide?fish_id=${fish.id}&map_id=${map.id}`);
    expect(factsOf(answer, 'bait')).toContain(String(guide.total));
    expect(answer.links[0]).toMatchObject({ page: 'baitGuide', search: `?fish_id=${fish.id}&map_id=${map.id}` });
  });

  it('a fish named with no question gets an overview', async () => {
    const answer = await ask(nameIn(fish, 'en'));
    expect(answer.intents).toEqual(['overview']);
    expect(answer.facts.length).toBe(3);
  });

  it('a typo gets the closest exact names, in any language', async () => {
    const en = fish.name_en!;
    const typo = `${en.slice(0, 2)}${en.slice(3)}`; // one letter left out
    const answer = await ask(`What bait for ${typo}?`);
    expect(answer.fish_id).toBeNull();
    expect(answer.suggestions).toContain(en);
    expect(answer.answer).toContain(en);

    const zh = [...(await ctx.services.catalogue.view()).fish.values()].find((f) => f.name.length >= 3)!;
    const zhTypo = `${zh.name.slice(0, -1)}驴`;
    const zhAnswer = await ask(`${zhTypo}用什么饵`);
    expect(zhAnswer.language).toBe('zh');
    expect(zhAnswer.suggestions).toContain(zh.name);
  });

  it('nonsense gets a clear answer; empty and over-long questions a 422', async () => {
    const symbols = await ask('??? !!! 123');
    expect(symbols.fish_id).toBeNull();
    expect(symbols.answer).toMatch(/question/);
    const gibberish = await ask('qwzx vbnm plkj');
    expect(gibberish.fish_id).toBeNull();
    expect(gibberish.answer.length).toBeGreaterThan(10);
    for (const question of ['', '   ', 'x'.repeat(501)]) {
      const res = await asUser(app, vipToken, { method: 'POST', url: '/api/ai/ask', payload: { question } });
      expect(res.statusCode).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    const missing = await app.inject({ method: 'POST', url: '/api/ai/ask', payload: {}, remoteAddress: '10.9.9.9' });
    expect(missing.statusCode).toBe(422);
    const full = await ask(`${fish.name}用什么饵${'？'.repeat(500 - fish.name.length - 5)}`);
    expect(full.fish_id).toBe(fish.id);
  });
});

describe('quotas', () => {
  it(`admits exactly AI_FREE_PER_MINUTE of 50 concurrent questions from one address`, async () => {
    const limit = ctx.config.ai.freePerMinute;
    const remoteAddress = '10.1.2.3';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/ai/ask',
          payload: { question: `${fish.name_en} bait` },
          remoteAddress,
        }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(limit);
    expect(limited).toHaveLength(50 - limit);
    expect(ok.map((r) => r.json().remaining).sort()).toEqual(Array.from({ length: limit }, (_, i) => i));
    for (const r of limited) {
      expect(r.json()).toEqual({ detail: 'AI_RATE_LIMITED' });
      const retryAfter = Number(r.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    const quota = await app.inject({ method: 'GET', url: '/api/ai/quota', remoteAddress });
    expect(quota.json()).toMatchObject({ vip: false, limit, remaining: 0 });
    expect(quota.json().retry_after).toBeLessThanOrEqual(60);
    // Another address has its own quota.
    const other = await app.inject({ method: 'GET', url: '/api/ai/quota', remoteAddress: '10.1.2.4' });
    expect(other.json()).toEqual({ vip: false, limit, remaining: limit, retry_after: null });
  });

  it('a signed-in non-VIP user has the quota whatever the address; a bad token is a 401', async () => {
    const { token } = await signedIn(app);
    const limit = ctx.config.ai.freePerMinute;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await asUser(app, token, {
        method: 'POST',
        url: '/api/ai/ask',
        payload: { question: `${fish.name} bait` },
        remoteAddress: `10.2.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: limit }, () => 200), 429]);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/ai/ask',
      payload: { question: 'x' },
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('VIP members are never limited', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        asUser(app, vipToken, { method: 'POST', url: '/api/ai/ask', payload: { question: `${fish.name}记录` } }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(answers.every((r) => r.json().remaining === null)).toBe(true);
    const quota = await asUser(app, vipToken, { method: 'GET', url: '/api/ai/quota' });
    expect(quota.json()).toEqual({ vip: true, limit: null, remaining: null, retry_after: null });
  });
});

describe('GET /ai/history', () => {
  it("lists the user's own questions, newest first; visitors' addresses are stored only as a hash", async () => {
    const { user, token } = await signedIn(app);
    for (const question of [`${fish.name}用什么饵`, `${fish.name_en} records`]) {
      expect((await asUser(app, token, { method: 'POST', url: '/api/ai/ask', payload: { question } })).statusCode).toBe(
        200,
      );
    }
    const history = await asUser(app, token, { method: 'GET', url: '/api/ai/history' });
    expect(history.statusCode).toBe(200);
    expect(history.json().items.map((i: { question: string }) => i.question)).toEqual([
      `${fish.name_en} records`,
      `${fish.name}用什么饵`,
    ]);
    expect(history.json().items[0]).toMatchObject({
      engine: 'builtin',
      answer: expect.stringContaining(fish.name_en!),
    });
    expect((await app.inject({ method: 'GET', url: '/api/ai/history' })).statusCode).toBe(401);

    // A visitor's question of this test's own (an address no other test uses), so the check holds in any order.
    const remoteAddress = '10.3.4.5';
    const visitorAsk = await app.inject({
      method: 'POST',
      url: '/api/ai/ask',
      payload: { question: `${fish.name}用什么饵` },
      remoteAddress,
    });
    expect(visitorAsk.statusCode).toBe(200);
    const rows = await ctx.db.kysely.selectFrom('ai_question').selectAll().execute();
    expect(rows.filter((r) => r.user_id === user.id)).toHaveLength(2);
    const visitor = rows.find((r) => r.user_id === null)!;
    expect(visitor.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(remoteAddress);
    expect(visitor.latency_ms).toBeGreaterThanOrEqual(0);
  });
});
