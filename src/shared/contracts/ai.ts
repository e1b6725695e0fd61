/**
 * The AI chat (docs/design.md §4–§5, issue 11): one question, one answer grounded in our own data. `POST /ai/ask`
 * answers in the question's language with the facts it used and links to the pages that show more; `GET /ai/quota` says
 * how many free questions are left this minute; `GET /ai/history` lists the current user's own questions.
 */
import { z } from 'zod';
import { AI_QUESTION_MAX_LENGTH } from '../ai-rules';
import { LOCALES } from '../locales';

// The limits the client needs too live in the zod-free ai-rules.ts (so the chat's chunk stays free of zod).
export { AI_QUESTION_MAX_LENGTH, AI_QUOTA_WINDOW_SECONDS, AI_RATE_LIMITED } from '../ai-rules';
/** How many of a user's own questions the history lists. */
export const AI_HISTORY_LIMIT = 20;

export const AI_ENGINES = ['builtin', 'openai'] as const;
export type AiEngine = (typeof AI_ENGINES)[number];
/** Why the language model's answer was not used (the built-in one was sent instead). */
export const AI_FALLBACKS = ['timeout', 'error', 'invented_number'] as const;
export type AiFallback = (typeof AI_FALLBACKS)[number];

/** What a question asked about; `overview` when a fish is named and nothing more. */
export const AI_INTENTS = [
  'bait',
  'place',
  'time',
  'depth',
  'weather',
  'records',
  'trophy',
  'habitat',
  'overview',
] as const;
export type AiIntent = (typeof AI_INTENTS)[number];

export const AskRequest = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Ask a question')
    .max(AI_QUESTION_MAX_LENGTH, `A question has at most ${AI_QUESTION_MAX_LENGTH} characters`),
});
export type AskRequest = z.infer<typeof AskRequest>;

/** One thing the answer rests on, with its numbers as text (the model may cite only these). */
export const AiFact = z.object({ intent: z.enum(AI_INTENTS), text: z.string() });
export type AiFact = z.infer<typeof AiFact>;

/** A page of the site that shows more: its key in `#shared/pages` and the search string of its filters. */
export const AiLink = z.object({
  page: z.enum(['home', 'baitGuide', 'officialLogs', 'birdLogs', 'fishes']),
  /** `?fish_id=3&map_id=11` and the like, the page's own URL filters; empty for none. */
  search: z.string(),
  label: z.string(),
});
export type AiLink = z.infer<typeof AiLink>;

export const AskResponse = z.object({
  answer: z.string(),
  facts: z.array(AiFact),
  links: z.array(AiLink),
  engine: z.enum(AI_ENGINES),
  /** Set when a language model was asked but its answer was not used. */
  fallback: z.enum(AI_FALLBACKS).nullable(),
  /** The language the question was read in (and answered in). */
  language: z.enum(LOCALES),
  fish_id: z.number().int().nullable(),
  map_id: z.number().int().nullable(),
  intents: z.array(z.enum(AI_INTENTS)),
  /** Exact fish names close to what was typed, when no fish was recognised. */
  suggestions: z.array(z.string()),
  /** Free questions left this minute; null for VIP members (no quota). */
  remaining: z.number().int().nullable(),
});
export type AskResponse = z.infer<typeof AskResponse>;

export const AiQuotaResponse = z.object({
  vip: z.boolean(),
  /** Questions a minute; null for VIP members. */
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** Seconds until the window ends when none are left, else null. */
  retry_after: z.number().int().nullable(),
});
export type AiQuotaResponse = z.infer<typeof AiQuotaResponse>;

export const AiHistoryItem = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  engine: z.enum(AI_ENGINES),
  created_at: z.string(),
});
export type AiHistoryItem = z.infer<typeof AiHistoryItem>;
export const AiHistoryResponse = z.object({ items: z.array(AiHistoryItem) });
export type AiHistoryResponse = z.infer<typeof AiHistoryResponse>;
