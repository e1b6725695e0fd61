import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AskResponse } from '#shared/contracts/ai';
import type { UserRead } from '#shared/contracts/auth';
import { loadBaseConfig, resetBaseConfig } from '../../../lib/base-config';
import { i18n, initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/ai.json';
import { CATEGORY_LIST } from '../../../test/fixtures/catalogue';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { AiChat } from './ai-chat';

const PATH = '/en/query/ai-chat';
const ANSWER: AskResponse = {
  answer: 'Northern Pike: 12 catches were reported in the last 72 hours; the most used baits were Worm 50.0% (6).',
  facts: [
    {
      intent: 'bait',
      text: 'Northern Pike: 12 catches were reported in the last 72 hours; the most used baits were Worm 50.0% (6).',
    },
  ],
  links: [{ page: 'baitGuide', search: '?fish_id=10', label: 'Bait guide: Northern Pike' }],
  engine: 'builtin',
  fallback: null,
  language: 'en',
  fish_id: 10,
  map_id: null,
  intents: ['bait'],
  suggestions: [],
  remaining: 2,
};
const MEMBER: UserRead = {
  id: '7f1c2a9e-0000-4000-8000-000000000003',
  email: 'member@example.com',
  is_active: true,
  is_superuser: false,
  is_verified: true,
  nickname: 'Member',
  avatar: null,
  bio: '',
  client_id: null,
  vip_expire_at: '2031-02-03T04:05:06Z',
  is_vip: true,
};
const VISITOR_QUOTA = { vip: false, limit: 3, remaining: 3, retry_after: null };

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['ai', 'common']);
});
beforeEach(async () => {
  fakeApi({ 'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }) });
  resetBaseConfig();
  await loadBaseConfig();
});
afterEach(() => clearSession());

const box = () => screen.getByRole('textbox', { name: new RegExp(en.questionLabel) });
const sendButton = () => screen.getByRole('button', { name: /Send|Wait/ });

describe('AI chat page', () => {
  it('sends on Enter (not Shift+Enter), shows the thinking state, then the answer with its facts and links', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = fakeApi({
      'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
      'GET /api/ai/quota': () => json(VISITOR_QUOTA),
      'POST /api/ai/ask': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute(<AiChat />, { path: PATH });
    expect(await screen.findByText('3 of 3 free questions left this minute')).toBeTruthy();
    expect(screen.getByText(en.note)).toBeTruthy();
    // Example questions name real catalogue fish, in the page's language; a click puts one in the box.
    const example = screen.getByRole('button', { name: 'What bait should I use for Northern Pike?' });
    fireEvent.click(example);
    expect((box() as HTMLTextAreaElement).value).toBe('What bait should I use for Northern Pike?');

    fireEvent.change(box(), { target: { value: 'Northern Pike bait?' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(api.requests.filter((r) => r.path === '/api/ai/ask')).toHaveLength(0);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(await screen.findByText(en.thinking)).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/ai/ask')!.json).toEqual({ question: 'Northern Pike bait?' });

    answer(json(ANSWER));
    const card = await screen.findByTestId('ai-answer');
    expect(within(card).getByText('Northern Pike bait?')).toBeTruthy();
    expect(within(card).getByText(ANSWER.facts[0]!.text)).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Bait guide: Northern Pike/ })
        .getAttribute('href'),
    ).toBe('/en/query/bait-guide?fish_id=10');
    expect(within(card).getByText(en.engine.builtin)).toBeTruthy();
    expect(screen.queryByText(en.thinking)).toBeNull();
    expect(await screen.findByText('2 of 3 free questions left this minute')).toBeTruthy();
    expect(screen.getByText(en.historyLogin)).toBeTruthy();
  });

  it('a scope answer (no facts) shows its text without the "from our data" badge', async () => {
    const scope = "I answer questions about the game's fish from Anglerdex's catch data.";
    fakeApi({
      'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
      'GET /api/ai/quota': () => json(VISITOR_QUOTA),
      'POST /api/ai/ask': () =>
        json({ ...ANSWER, answer: scope, facts: [], links: [], fish_id: null, intents: [], remaining: 2 }),
    });
    renderRoute(<AiChat />, { path: PATH });
    fireEvent.change(box(), { target: { value: 'Who won the cup?' } });
    fireEvent.click(sendButton());
    const card = await screen.findByTestId('ai-answer');
    expect(within(card).getByText(scope)).toBeTruthy();
    expect(within(card).queryByText(en.engine.builtin)).toBeNull();
  });

  it('after the limit shows the message and a countdown, and enables sending again when it ends', async () => {
    fakeApi({
      'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
      'GET /api/ai/quota': () => json(VISITOR_QUOTA),
      'POST /api/ai/ask': () =>
        new Response(JSON.stringify({ detail: 'AI_RATE_LIMITED' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
        }),
    });
    renderRoute(<AiChat />, { path: PATH });
    fireEvent.change(box(), { target: { value: 'Perch bait' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText(en.limitedTitle)).toBeTruthy();
    expect(screen.getByTestId('ai-countdown').textContent).toMatch(/You can ask again in [12] s\./);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.queryByText(en.limitedTitle)).toBeNull(), { timeout: 4000 });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a VIP member the badge and "unlimited", and their recent questions', async () => {
    setSession({ token: 'tok', userInfo: MEMBER });
    fakeApi({
      'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
      'GET /api/ai/quota': () => json({ vip: true, limit: null, remaining: null, retry_after: null }),
      'GET /api/ai/history': () =>
        json({
          items: [
            {
              id: 2,
              question: 'Perch records',
              answer: 'Perch: 3 official records.',
              engine: 'builtin',
              created_at: '2031-01-02T03:04:05Z',
            },
          ],
        }),
    });
    renderRoute(<AiChat />, { path: PATH });
    const quota = await screen.findByTestId('ai-quota');
    expect(within(quota).getByText(en.unlimited)).toBeTruthy();
    expect(within(quota).getByText('VIP')).toBeTruthy();
    const history = await screen.findByTestId('ai-history');
    expect(within(history).getByText('Perch records')).toBeTruthy();
    expect(within(history).getByText('Perch: 3 official records.')).toBeTruthy();
  });

  it('offers the close names of an unrecognised fish as buttons that ask again with the name corrected', async () => {
    const noFish: AskResponse = {
      ...ANSWER,
      answer: 'I found no exact fish name. Fish names must be exact: did you mean Northern Pike?',
      facts: [],
      links: [],
      fish_id: null,
      suggestions: ['Northern Pike'],
    };
    const api = fakeApi({
      'GET /api/system/get_category_list': () => json({ category_list: CATEGORY_LIST }),
      'GET /api/ai/quota': () => json(VISITOR_QUOTA),
      'POST /api/ai/ask': (request) =>
        json((request.json as { question: string }).question.includes('Northern Pike') ? ANSWER : noFish),
    });
    renderRoute(<AiChat />, { path: PATH });
    await screen.findByText('3 of 3 free questions left this minute');
    fireEvent.change(box(), { target: { value: 'What bait for northren pikee today?' } });
    fireEvent.click(sendButton());
    const suggestions = await screen.findByTestId('ai-suggestions');
    expect(within(suggestions).getByText(en.suggestions.didYouMean)).toBeTruthy();
    fireEvent.click(within(suggestions).getByRole('button', { name: 'Ask again about Northern Pike' }));
    // The typo is replaced where it stood; the rest of the question is kept.
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/ai/ask').at(-1)!.json).toEqual({
        question: 'What bait for Northern Pike today?',
      }),
    );
    expect(await screen.findByText(ANSWER.facts[0]!.text)).toBeTruthy();
    expect(screen.queryByTestId('ai-suggestions')).toBeNull();
    expect((box() as HTMLTextAreaElement).value).toBe('What bait for Northern Pike today?');
  });
});
