/**
 * The AI chat (issue 11): ask in Chinese and in English, see the 'thinking' state and an answer whose link opens the
 * bait guide of that fish; then use up the visitor's free questions and see the spec's message with a countdown
 * while sending is disabled. The fish is the one the demo world reported most in the last 72 hours.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from './test';
import type { FishItem } from '../../src/shared/contracts/catalogue';
import type { BaitGuideTopResponse } from '../../src/shared/contracts/catches';
import type AiTexts from '../../src/client/locales/zh/ai.json';
import type BaitGuideTexts from '../../src/client/locales/zh/bait-guide.json';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/client/locales');
const load = <T>(locale: string, namespace: string): T =>
  JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8')) as T;
const ai = { zh: load<typeof AiTexts>('zh', 'ai'), en: load<typeof AiTexts>('en', 'ai') };
const guide = {
  zh: load<typeof BaitGuideTexts>('zh', 'bait-guide'),
  en: load<typeof BaitGuideTexts>('en', 'bait-guide'),
};

// One visitor address for the whole file: the questions share its quota, so the journeys run in order.
test.describe.configure({ mode: 'serial' });

async function busiestFish(request: APIRequestContext): Promise<FishItem> {
  const top = (await (await request.get('/api/bait-guide/top')).json()) as BaitGuideTopResponse;
  const best = [...top.fishes].sort((a, b) => b.total - a.total)[0]!;
  const list = (await (await request.get('/api/system/get_category_list?category_group=fish')).json()) as {
    category_list: { fish: FishItem[] };
  };
  return list.category_list.fish.find((item) => item.id === best.fish_id)!;
}

/**
 * Holds the next question on its way until the test lets it go, so the 'thinking' state is on screen until it has
 * been seen (a fixed delay was not enough: on a loaded machine the key press alone outlasted it).
 */
async function holdNextQuestion(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/ai/ask',
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

async function askAndFollow(page: Page, locale: 'zh' | 'en', question: string, fish: FishItem) {
  await page.goto(localePath(locale, PAGE_PATHS.aiChat));
  await expect(page.getByRole('heading', { level: 1, name: ai[locale].title })).toBeVisible();
  await expect(page.getByText(ai[locale].note)).toBeVisible();
  const box = page.getByRole('textbox', { name: ai[locale].questionLabel });
  await box.fill(question);
  const release = await holdNextQuestion(page);
  await box.press('Enter');
  await expect(page.getByTestId('ai-thinking')).toContainText(ai[locale].thinking);
  release();
  const answer = page.getByTestId('ai-answer');
  await expect(answer).toContainText(question);
  await expect(answer.getByRole('listitem').first()).toContainText(locale === 'zh' ? fish.name : fish.name_en!);
  await answer.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${PAGE_PATHS.baitGuide}\\?fish_id=${fish.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: guide[locale].title })).toBeVisible();
}

test('asks in Chinese and in English and follows the answer’s link to the bait guide', async ({ page, request }) => {
  const fish = await busiestFish(request);
  await askAndFollow(page, 'zh', `${fish.name}用什么饵？`, fish);
  await askAndFollow(page, 'en', `What bait should I use for ${fish.name_en}?`, fish);
});

test('past the free questions shows the limit message and a countdown, with sending disabled', async ({
  page,
  request,
}) => {
  const fish = await busiestFish(request);
  await page.goto(localePath('en', PAGE_PATHS.aiChat));
  const box = page.getByRole('textbox', { name: ai.en.questionLabel });
  const limited = page.getByRole('alert').filter({ hasText: ai.en.limitedTitle });
  // Whatever is left of this address's quota (the journey above used some), then one more.
  for (let i = 0; i < 5 && !(await limited.isVisible()); i++) {
    await box.fill(`${fish.name_en} records`);
    await page.getByRole('button', { name: ai.en.send }).click();
    await expect(page.getByTestId('ai-answer').or(limited).first()).toBeVisible();
  }
  await expect(limited).toBeVisible();
  const countdown = page.getByTestId('ai-countdown');
  await expect(countdown).toHaveText(/\d+/);
  const first = Number(/(\d+)/.exec((await countdown.textContent()) ?? '')![1]);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(60);
  await expect(page.getByRole('button', { name: /Wait \d+ s/ })).toBeDisabled();
  await expect
    .poll(async () => Number(/(\d+)/.exec((await countdown.textContent()) ?? '0')![1]), { timeout: 5000 })
    .toBeLessThan(first);
  await expect(page.getByTestId('ai-quota')).toHaveText('0 of 3 free questions left this minute');
});
