/** `/api/admin/ai/*`: the AI questions left unanswered and the fish aliases (issue 24). */
import { z } from 'zod';
import {
  AdminAiQuestionPage,
  AdminErrorCode,
  AiQuestionQuery,
  AliasParams,
  FishAliasBody,
  FishAliasChange,
  FishAliasList,
  ReasonBody,
} from '#shared/contracts/admin';
import { codeWithReason, errorCodes } from '#shared/contracts/common';
import { requireJsonBody } from '../../http/json-bodies';
import { currentUser } from '../../plugins/auth';
import type { AdminAi } from './admin-ai';
import { type AdminApp, AUDITED, type RouteKit, tags } from './admin-route-kit';

const AliasListQuery = z.object({ fish_id: z.coerce.number().int().positive().optional() });

export function registerAiRoutes(app: AdminApp, ai: AdminAi, { guard, rules, limited }: RouteKit) {
  app.get(
    '/admin/ai/questions',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'AI chat questions that named no known fish or got no facts (console)',
        description:
          'Newest first. Each with the fish it would name if it were asked now (`fish_now`): after an alias is ' +
          'added, the questions it teaches the chat show it. `fact_count` is null for questions answered before ' +
          `the count was kept (they are listed as \`no_fish\` only). ${rules}`,
        querystring: AiQuestionQuery,
        response: { 200: AdminAiQuestionPage.describe('One page of questions and how many match'), ...limited },
      },
    },
    async (request) => ai.questions(request.query),
  );

  app.get(
    '/admin/ai/aliases',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Fish aliases the AI chat knows (console)',
        description: `Every alias (or one fish's), by fish. ${rules}`,
        querystring: AliasListQuery,
        response: { 200: FishAliasList.describe('The aliases'), ...limited },
      },
    },
    async (request) => ({ items: await ai.aliases(request.query.fish_id) }),
  );

  app.post(
    '/admin/ai/aliases',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Teach the AI chat another name of a fish (console)',
        description:
          "The alias is matched as the catalogue's names are (any case, width or kana; as a whole word in Latin " +
          'text) by every server within seconds. It may not be a name or an alias of any fish already. ' +
          `Reversible. ${AUDITED} ${rules}`,
        body: FishAliasBody,
        response: {
          201: FishAliasChange.describe('The alias added, and the audit row'),
          409: z
            .object({ detail: codeWithReason(AdminErrorCode.ALIAS_TAKEN) })
            .describe(
              '`{code: "ADMIN_ALIAS_TAKEN", reason}`: a fish already has this name or alias (`reason` says which)',
            ),
          ...limited,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await ai.addAlias(currentUser(request), request.body)),
  );

  app.delete(
    '/admin/ai/aliases/:id',
    {
      onRequest: guard,
      preValidation: requireJsonBody,
      schema: {
        tags,
        summary: 'Remove a fish alias (console)',
        description: `The chat stops knowing the name within seconds. Reversible. ${AUDITED} ${rules}`,
        params: AliasParams,
        body: ReasonBody,
        response: {
          200: FishAliasChange.describe('The alias removed, and the audit row'),
          404: errorCodes(AdminErrorCode.ALIAS_NOT_FOUND).describe('No alias has this id'),
          ...limited,
        },
      },
    },
    async (request) => ai.removeAlias(currentUser(request), request.params.id, request.body.reason),
  );
}
