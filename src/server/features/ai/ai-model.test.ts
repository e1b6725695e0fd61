/**
 * The optional language model at the HTTP boundary (issue 11): a fake OpenAI-compatible chat-completions server on
 * 127.0.0.1 answers as each test tells it. Its answer is used when it cites only the facts' numbers; a time-out, an
 * error status and an invented number each send the built-in answer with the reason; with AI_CONCURRENCY=1 a VIP
 * question waiting behind a busy model goes before a non-VIP one that waited longer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResponse } from '#shared/contracts/ai';
import type { FishItem } from '#shared/contracts/catalogue';
import { seedDemoActivity } from '../../demo/activity/seed-activity';
import { asUser, signedIn } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/test-app';
import { citesOnly, numbersIn } from './model-client';

interface Received {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
  respond(status: number, content: string): void;
}

type Behaviour = (request: Received) => void;

/** A fake chat-completions server: every request is recorded and handed to the current behaviour. */
async function fakeModelServer() {
  const received: Received[] = [];
  let behaviour: Behaviour = (r) => r.respond(200, 'ok');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const entry: Received = {
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        respond(status, content) {
          if (res.writableEnded || res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify(
              status === 200
                ? { choices: [{ message: { role: 'assistant', content } }] }
                : { error: { message: content } },
            ),
          );
        },
      };
      received.push(entry);
      behaviour(entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received,
    set(next: Behaviour) {
      behaviour = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let model: Awaited<ReturnType<typeof fakeModelServer>>;
let fast: TestContext;
let fish: FishItem;

const factsOfPrompt = (r: Received) =>
  r.body.messages[1]!.content.split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));

async function ask(ctx: TestContext, question: string, remoteAddress: string): Promise<AskResponse> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/ai/ask', payload: { question }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const modelEnv = (extra: Record<string, string>) => ({
  AI_PROVIDER: 'openai',
  OPENAI_BASE_URL: model.url,
  OPENAI_API_KEY: 'sk-test-key',
  AI_MODEL: 'fake-model',
  AI_FREE_PER_MINUTE: '100',
  ...extra,
});

beforeAll(async () => {
  model = await fakeModelServer();
  // A short deadline so the time-out test takes a fraction of a second, not 10.
  fast = await createTestApp({ env: modelEnv({ AI_TIMEOUT_MS: '400' }) });
  await seedDemoActivity(fast.db.kysely, { catches: 5000 });
  fish = (await fast.services.catalogue.view()).fish.get(1000)!;
}, 120_000);
afterAll(async () => {
  await fast?.close();
  await model?.close();
});

describe('the model path', () => {
  it('uses the model’s answer when it cites only the facts’ numbers', async () => {
    model.set((r) => r.respond(200, `Rephrased: ${factsOfPrompt(r).join(' ')}`));
    const before = model.received.length;
    const answer = await ask(fast, `${fish.name}用什么饵`, '10.5.0.1');
    expect(answer).toMatchObject({ engine: 'openai', fallback: null, language: 'zh', fish_id: fish.id });
    expect(answer.answer).toBe(`Rephrased: ${answer.facts.map((f) => f.text).join(' ')}`);
    const request = model.received[before]!;
    expect(request.authorization).toBe('Bearer sk-test-key');
    expect(request.body.model).toBe('fake-model');
    expect(request.body.messages[0]!.content).toMatch(/Simplified Chinese/);
    expect(factsOfPrompt(request)).toEqual(answer.facts.map((f) => f.text));
    const row = await fast.db.kysely
      .selectFrom('ai_question')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ engine: 'openai', fallback: null, answer: answer.answer });
  });

  it('hands the model the slice’s facts: the conditions, the window and the count they rest on', async () => {
    model.set((r) => r.respond(200, factsOfPrompt(r).join(' ')));
    const before = model.received.length;
    const answer = await ask(fast, `What bait for ${fish.name_en} at night?`, '10.5.0.6');
    expect(answer.engine).toBe('openai');
    const request = model.received[before]!;
    const facts = factsOfPrompt(request);
    expect(facts).toEqual(answer.facts.map((f) => f.text));
    expect(facts[0]).toContain('at night (game hours 21–4)');
    expect(facts[0]).toMatch(/\d+ catch(es were| was) reported/);
    expect(request.body.messages[0]!.content).toMatch(/widened, say so/);
  });

  it('falls back to the built-in answer on a time-out', async () => {
    model.set(() => undefined); // never answers
    const started = Date.now();
    const answer = await ask(fast, `${fish.name_en} bait`, '10.5.0.2');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatchObject({ engine: 'builtin', fallback: 'timeout' });
    expect(answer.answer).toBe(answer.facts.map((f) => f.text).join('\n'));
  });

  it('falls back on an error status', async () => {
    model.set((r) => r.respond(500, 'overloaded'));
    const answer = await ask(fast, `${fish.name_ja}の餌は？`, '10.5.0.3');
    expect(answer).toMatchObject({ engine: 'builtin', fallback: 'error', language: 'ja' });
  });

  it('falls back when the model invents a number', async () => {
    model.set((r) => r.respond(200, `${factsOfPrompt(r)[0]} Most anglers land 9876 of them a day.`));
    const answer = await ask(fast, `${fish.name_en} bait`, '10.5.0.4');
    expect(answer).toMatchObject({ engine: 'builtin', fallback: 'invented_number' });
    expect(answer.answer).not.toContain('9876');
  });

  it('is not asked when there is nothing to rephrase', async () => {
    const before = model.received.length;
    const answer = await ask(fast, 'qwzx vbnm', '10.5.0.5');
    expect(answer).toMatchObject({ engine: 'builtin', fallback: null, fish_id: null });
    expect(model.received.length).toBe(before);
  });
});

describe('the concurrency gate', () => {
  it('serves a waiting VIP question before a non-VIP one that waited longer', async () => {
    const ctx = await createTestApp({ env: modelEnv({ AI_CONCURRENCY: '1', AI_TIMEOUT_MS: '8000' }) });
    try {
      const vip = await signedIn(ctx.app);
      await ctx.db.kysely
        .updateTable('users')
        .set({ vip_expire_at: new Date(Date.now() + 86_400_000).toISOString() })
        .where('id', '=', vip.user.id)
        .execute();
      const held: Received[] = [];
      model.set((r) => held.push(r));
      const order: string[] = [];
      const question = (r: Received) => /Question: (.*)/.exec(r.body.messages[1]!.content)![1]!;
      const until = async (check: () => boolean) => {
        for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
        expect(check()).toBe(true);
      };

      const first = ask(ctx, '鲤鱼用什么饵 first', '10.6.0.1');
      await until(() => held.length === 1);
      const other = ask(ctx, '鲤鱼用什么饵 other', '10.6.0.2');
      await until(() => ctx.services.ai.gate.load.waiting === 1);
      const member = asUser(ctx.app, vip.token, {
        method: 'POST',
        url: '/api/ai/ask',
        payload: { question: '鲤鱼用什么饵 vip' },
      });
      await until(() => ctx.services.ai.gate.load.waiting === 2);

      // The model is busy with `first`; when it answers, the VIP question is sent next.
      const answerAll = (r: Received) => {
        order.push(question(r));
        r.respond(200, factsOfPrompt(r).join(' '));
      };
      model.set(answerAll);
      answerAll(held.shift()!);
      const results = await Promise.all([first, other, member]);
      expect(order).toEqual(['鲤鱼用什么饵 first', '鲤鱼用什么饵 vip', '鲤鱼用什么饵 other']);
      expect(results[2].statusCode).toBe(200);
      expect(results[2].json().engine).toBe('openai');
      expect(results[1].engine).toBe('openai');
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

describe('the number check', () => {
  it('reads numbers however they are written', () => {
    expect([...numbersIn('1,234 catches, 38.10% at 08:15 — ２４')]).toEqual(['1234', '38.1', '8', '15', '24']);
    expect(citesOnly('Worm 38.1% (12)', ['Worm 38.1% (12 catches)'])).toBe(true);
    expect(citesOnly('Worm 38% (12)', ['Worm 38.1% (12 catches)'])).toBe(false);
    expect(citesOnly('No numbers at all.', [])).toBe(true);
  });
});
