/**
 * `/api/ai/*` (docs/design.md §4, issue 11): ask one question, see the quota left this minute, and a user's own
 * history. Asking is open to visitors (counted by address) and users (counted by account; VIP members not at all); a
 * bearer token, when sent, must be good. Answers are personal and change every minute: never cached.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AI_HISTORY_LIMIT,
  AI_QUESTION_MAX_LENGTH,
  AI_RATE_LIMITED,
  AiHistoryResponse,
  AiQuotaResponse,
  AskRequest,
  AskResponse,
} from '#shared/contracts/ai';
import { errorCodes, UnauthorizedError, ValidationErrorBody } from '#shared/contracts/common';
import { currentUser } from '../../plugins/auth';
import { requireJsonBody } from '../../http/json-bodies';
import { noStore } from '../../http/no-store';
import type { AiService, Asker } from './ai.service';

const tags = ['ai'];

export interface AiRoutesOptions {
  ai: AiService;
  freePerMinute: number;
}

/** Visitors may ask; a bearer token makes the question the user's (and a VIP member's unlimited). */
const optionalBearer: { [scheme: string]: string[] }[] = [{ bearer: [] }, {}];

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, { ai, freePerMinute }) => {
  app.addHook('onSend', noStore);

  /** The signed-in user when a token is sent (401 when it is not good), else a visitor by address. */
  async function askerOf(request: FastifyRequest): Promise<Asker> {
    if (request.headers.authorization === undefined) return { user: null, ip: request.ip };
    await app.requireUser(request);
    return { user: currentUser(request), ip: request.ip };
  }

  const QUOTA = `Visitors (by address) and users who are not VIP members may ask ${freePerMinute} questions a minute (AI_FREE_PER_MINUTE), counted in a fixed one-minute window that starts with the first question; VIP members are not limited.`;
  const limited = errorCodes(AI_RATE_LIMITED).describe(
    "This minute's free questions are used up; `Retry-After` says in how many seconds (at most 60) the window ends",
  );
  const badToken = UnauthorizedError.describe(
    'A bearer token was sent and is not valid (send none to ask as a visitor)',
  );

  app.post(
    '/ai/ask',
    {
      // JSON only: a cross-site HTML form (which can post form fields, never JSON) must not spend a visitor's quota.
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Ask one question about a fish; get an answer from our own data',
        description: `One complete question (no conversation context), 1–${AI_QUESTION_MAX_LENGTH} characters after trimming, in Chinese, English or Japanese. The answer names the fish (its exact name in any language, also inside a sentence without spaces), an optional map and what was asked — bait, place (heat map hot spots of the last 7 days), game time, depth, weather (the bait guide's detail over the last 72 hours), official records, trophy weights, where it lives — and conditions (a part of the game day such as night, a game hour or range, a weather, a depth) that slice the bait, time, depth and weather facts; an empty slice is widened step by step (this map → all maps, 72 hours → 7 days, conditions dropped) and the fact says so. It answers in the question's language from the same queries as the pages, citing the numbers, the sample size and the window, with \`links\` to those pages. No exact fish name: \`suggestions\` holds the closest names; a question about nothing in the game gets a scope answer with example questions and no \`facts\` (only answers with facts are "from our data"). With AI_PROVIDER=openai a language model rephrases the facts; on its time-out, an error or a number not among the facts the built-in answer is sent and \`fallback\` says why. ${QUOTA} \`remaining\` is what is left this minute (null for VIP members). Not idempotent: every question counts, a repeated one too. \`Cache-Control: no-store\`.`,
        security: optionalBearer,
        body: AskRequest,
        response: {
          200: AskResponse.describe('The answer, its facts and links'),
          401: badToken,
          422: ValidationErrorBody.describe(
            `The question is empty or longer than ${AI_QUESTION_MAX_LENGTH} characters, or the body is not JSON (FastAPI validation list)`,
          ),
          429: limited,
        },
      },
    },
    async (request) => ai.ask(request.body.question, await askerOf(request)),
  );

  app.get(
    '/ai/quota',
    {
      schema: {
        tags,
        summary: "The free questions left this minute (the page's counter)",
        description: `${QUOTA} Counts nothing. VIP members get \`vip: true\` and nulls; others the limit, what is left and, when nothing is, \`retry_after\` seconds until the window ends. \`Cache-Control: no-store\`.`,
        security: optionalBearer,
        response: { 200: AiQuotaResponse.describe("The asker's quota this minute"), 401: badToken },
      },
    },
    async (request) => ai.quota(await askerOf(request)),
  );

  app.get(
    '/ai/history',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The current user's own recent questions, newest first",
        description: `The last ${AI_HISTORY_LIMIT} questions the signed-in user asked, with the answers sent and which engine wrote them. \`Cache-Control: no-store\`.`,
        response: { 200: AiHistoryResponse.describe('The recent questions and their answers') },
      },
    },
    async (request) => ai.history(currentUser(request)),
  );
};
