/**
 * The three system routes of docs/design.md §4 / docs/product-requirements.md §7: category list, fish by map, paged
 * category search, all three from the in-memory catalogue snapshot (the search matches names with the shared name
 * matcher, `catalogue-search.ts`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATEGORY_GROUPS,
  CategoriesQuery,
  CategoriesResponse,
  type CategoryGroup,
  CategoryListQuery,
  CategoryListResponse,
  FishesByMapQuery,
  FishesByMapResponse,
} from '#shared/contracts/catalogue';
import { errorCodes, ValidationErrorBody } from '#shared/contracts/common';
import { sendConditional, type SerializedAnswer, serializedAnswer } from '../../http/conditional-get';
import { HttpError } from '../../http/http-error';
import { trustedResponse } from '../../http/trusted-responses';
import { RequestValidationError } from '../../http/validation-errors';
import type { CatalogueView, CatalogueSnapshot } from './catalogue-snapshot';
import { searchCatalogue } from './catalogue-search';

const tags = ['catalogue'];

export interface CatalogueRoutesOptions {
  catalogue: CatalogueSnapshot;
}

/**
 * Answers derived from the catalogue, serialised once per catalogue version (the site's rule for versioned reads)
 * with their ETag (http/conditional-get.ts), and kept as long as their view is the current one. `build` answers null
 * for a key the view does not know; nothing is kept for it, so the keys kept stay the catalogue's own (group sets,
 * maps), whatever clients ask.
 */
function keptPerView<K>(build: (view: CatalogueView, key: K) => unknown) {
  const kept = new WeakMap<CatalogueView, Map<K, SerializedAnswer>>();
  return (view: CatalogueView, key: K): SerializedAnswer | null => {
    let answers = kept.get(view);
    if (!answers) kept.set(view, (answers = new Map()));
    let answer = answers.get(key);
    if (!answer) {
      const value = build(view, key);
      if (value === null) return null;
      answers.set(key, (answer = serializedAnswer(JSON.stringify(value))));
    }
    return answer;
  };
}

/** The category list of these groups (in the contract's order, joined by commas). */
const categoryListAnswer = keptPerView((view, groups: string) => {
  const categoryList = Object.fromEntries(
    groups.split(',').map((group) => [group, view.groups[group as CategoryGroup]]),
  );
  return CategoryListResponse.parse({ category_list: categoryList });
});

/** The fish of one map, or null for a map the catalogue does not have. */
const fishOfMapAnswer = keptPerView((view, mapId: number) => {
  const fish = view.fishByMap.get(mapId);
  return fish ? FishesByMapResponse.parse({ items: fish }) : null;
});

/**
 * The ids of the baits of one bait type, from the catalogue in memory; a type the catalogue lacks is refused like a
 * malformed one (a 422 naming `fish_way`), so a wrong id is never read as "this type has no baits".
 */
function baitsOfType(view: CatalogueView, fishWay: number): number[] {
  if (!view.baitTypes.has(fishWay))
    throw new RequestValidationError([
      {
        type: 'value_error',
        loc: ['query', 'fish_way'],
        msg: 'Unknown bait type: no `fish_way` item has this id',
        input: String(fishWay),
      },
    ]);
  return view.groups.baits.filter((bait) => bait.data.fish_way === fishWay).map((bait) => bait.id);
}

/**
 * The catalogue changes only with a deploy or an import: browsers and proxies may reuse an answer briefly, then ask
 * again with the ETag and get an empty 304 while it is unchanged.
 */
const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { catalogue }) => {
  app.get(
    '/system/get_category_list',
    {
      schema: {
        tags,
        summary: 'Catalogue groups (fish, maps, baits, star_type, fish_way): only the groups asked',
        description:
          'Every item of each `category_group` asked (repeat the parameter for several), the groups in the order ' +
          'fish, maps, baits, star_type, fish_way whatever the order asked. Public, not rate-limited. The catalogue ' +
          'changes only with a deploy or an import: answers may be cached for 60 seconds and carry an ETag; a ' +
          'request with a matching If-None-Match gets 304 without a body.',
        querystring: CategoryListQuery,
        response: {
          200: trustedResponse(CategoryListResponse.describe('The groups asked, each a list of its items')),
          304: z.null().describe('Unchanged since the ETag sent in If-None-Match: no body'),
        },
      },
    },
    async (request, reply) => {
      // The answer lists the groups in the contract's order whatever the order asked, so one set has one answer.
      const groups = CATEGORY_GROUPS.filter((group) => request.query.category_group.includes(group));
      const answer = categoryListAnswer(await catalogue.view(), groups.join(','))!;
      return sendConditional(request, reply, answer, CATALOGUE_CACHE_CONTROL);
    },
  );

  app.get(
    '/system/get_fishes_by_map_id',
    {
      schema: {
        tags,
        summary: 'Fish that live on a map',
        description:
          'The catalogue items of every fish whose `data.maps` includes `map_id`. Public, not rate-limited. Cached ' +
          'like the category list: 60 seconds, an ETag, and 304 without a body for a matching If-None-Match.',
        querystring: FishesByMapQuery,
        response: {
          200: trustedResponse(FishesByMapResponse.describe("The map's fish")),
          304: z.null().describe('Unchanged since the ETag sent in If-None-Match: no body'),
          404: errorCodes('MAP_NOT_FOUND').describe('No map has this `map_id`'),
        },
      },
    },
    async (request, reply) => {
      const answer = fishOfMapAnswer(await catalogue.view(), request.query.map_id);
      if (!answer) throw new HttpError(404, 'MAP_NOT_FOUND');
      return sendConditional(request, reply, answer, CATALOGUE_CACHE_CONTROL);
    },
  );

  app.get(
    '/system/get_categories',
    {
      schema: {
        tags,
        summary: 'Paged catalogue search by name (zh / en / ja) or index letter',
        description:
          "Items of one `group_type` (or all) whose Chinese, English or Japanese name (or a fish's latin name) " +
          'matches `like_str`, whatever its case, width (full-width letters) or kana (hiragana finds katakana): ' +
          'from the start with `like_start=true` (default), anywhere with `false`; the last word of a name counts ' +
          "from its start too ('pike' finds 'Northern pike'), and Chinese names match their pinyin, whole ('liyu', " +
          "'li yu') or by initials ('ly'), from the first syllable with `like_start=true`, any syllable with `false`. " +
          'A one-character `like_str` also matches the index letter. ' +
          "`letter` keeps the items whose index letter (of `lang`'s " +
          'name: the pinyin initial for zh, the English one for en and ja) is that letter, `#` for none of A–Z. ' +
          '`fish_way` (with `group_type=baits`) keeps the baits of that bait type, a `fish_way` item of the ' +
          "catalogue. Sorted by that index letter, then `lang`'s name; pages of `page_size` (at most 100). Public, " +
          'not rate-limited.',
        querystring: CategoriesQuery,
        response: {
          200: trustedResponse(CategoriesResponse.describe('One page of matching items and the total')),
          422: ValidationErrorBody.describe(
            'A query parameter is invalid, or `fish_way` is not a bait type of the catalogue or comes without ' +
              '`group_type=baits` (FastAPI validation list)',
          ),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const view = await catalogue.view();
      const only = query.fish_way === undefined ? undefined : new Set(baitsOfType(view, query.fish_way));
      const { items, total } = searchCatalogue(view, query, only);
      return { items, total, page: query.page, page_size: query.page_size };
    },
  );
};
