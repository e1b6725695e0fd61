/**
 * The optional language model (AI_PROVIDER=openai): any OpenAI-compatible chat-completions server (a hosted one,
 * vLLM, Ollama, llama.cpp's server) through plain fetch. It only rephrases what the built-in answerer found: the
 * prompt gives it the facts and forbids other numbers, and `citesOnly` checks the reply, so a number the facts do not
 * hold sends the built-in answer instead.
 */
import type { Locale } from '#shared/locales';

export interface ModelSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export interface ModelInput {
  question: string;
  language: Locale;
  facts: readonly string[];
  /** The built-in answer, as a draft to rephrase. */
  draft: string;
}

const LANGUAGE_NAMES: Record<Locale, string> = { zh: 'Simplified Chinese', en: 'English', ja: 'Japanese' };

function promptOf(input: ModelInput): { role: 'system' | 'user'; content: string }[] {
  return [
    {
      role: 'system',
      content:
        'You answer questions from players of a fishing game on the site Anglerdex. Rephrase the facts you are given ' +
        `into a short, friendly answer in ${LANGUAGE_NAMES[input.language]}. Use only the facts. Do not write any ` +
        'number that is not written in the facts exactly as it is written there: no estimates, no rounding, no sums, ' +
        'no new percentages. Keep fish, bait and map names exactly as written. Each fact says which catches it counts ' +
        '(the map, the time window, conditions such as game hours, weather or depth) and how many: keep that slice and ' +
        'its count with the numbers, and when a fact says the slice was widened, say so. If the facts do not answer ' +
        'something, say that our data does not show it.',
    },
    {
      role: 'user',
      content: `Question: ${input.question}\n\nFacts:\n${input.facts.map((f) => `- ${f}`).join('\n')}\n\nDraft answer:\n${input.draft}`,
    },
  ];
}

/** Asks the model; throws on any failure (HTTP status, malformed reply, empty text, abort). */
export async function askModel(settings: ModelSettings, input: ModelInput, signal: AbortSignal): Promise<string> {
  const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: settings.model, messages: promptOf(input), temperature: 0.2, stream: false }),
    signal,
  });
  if (!response.ok) throw new Error(`model answered HTTP ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new Error('model answered no text');
  return content.trim();
}

/** The numbers a text writes, as canonical strings: `1,234` is 1234, `38.10` is 38.1, full-width digits count. */
export function numbersIn(text: string): Set<string> {
  const plain = text.normalize('NFKC').replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  return new Set((plain.match(/\d+(?:\.\d+)?/g) ?? []).map((n) => String(Number(n))));
}

/** Whether every number of `reply` is one the sources write (the facts, the draft, the question). */
export function citesOnly(reply: string, sources: readonly string[]): boolean {
  const allowed = new Set(sources.flatMap((source) => [...numbersIn(source)]));
  return [...numbersIn(reply)].every((n) => allowed.has(n));
}
