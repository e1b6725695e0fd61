/**
 * The three system routes of docs/design.md §4 / docs/product-requirements.md §7: category list, fish by map, paged
 * category search. The first two answer from the in-memory catalogue snapshot; the search stays a paged SQL query (its
 * matching and ordering are the database's, and it reads one page of rows, not the catalogue).
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
import { errorCodes } from '#shared/contracts/common';
import { sendConditional, type SerializedAnswer, serializedAnswer } from '../../http/conditional-get';
import { HttpError } from '../../http/http-error';
import { trustedResponse } from '../../http/trusted-responses';
import type { CatalogueView, CatalogueSnapshot } from './catalogue-snapshot';
import type { CatalogueRepository } from './catalogue.repository';

const tags = ['catalogue'];

export interface CatalogueRoutesOptions {
  catalogue: CatalogueSnapshot;
  repository: CatalogueRepository;
}

/** Category list answers per group set, kept as long as their view is the current one. */
const categoryLists = new WeakMap<CatalogueView, Map<string, SerializedAnswer>>();

/**
 * The category list answer for these groups, serialised once per catalogue version (the site's rule for versioned
 * reads), with its ETag (http/conditional-get.ts).
 */
function categoryListAnswer(view: CatalogueView, groups: readonly CategoryGroup[]): SerializedAnswer {
  let answers = categoryLists.get(view);
  if (!answers) categoryLists.set(view, (answers = new Map()));
  const key = groups.join(',');
  let answer = answers.get(key);
  if (!answer) {
    const categoryList = Object.fromEntries(groups.map((group) => [group, view.groups[group]]));
    answer = serializedAnswer(JSON.stringify(CategoryListResponse.parse({ category_list: categoryList })));
    answers.set(key, answer);
  }
  return answer;
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (
  app,
  { catalogue, repository },
) => {
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
      const answer = categoryListAnswer(await catalogue.view(), groups);
      // The catalogue changes only with a deploy or an import: browsers and proxies may reuse it briefly, then ask
      // again with the ETag and get an empty 304 while it is unchanged.
      return sendConditional(request, reply, answer, 'public, max-age=60');
    },
  );

  app.get(
    '/system/get_fishes_by_map_id',
    {
      schema: {
        tags,
        summary: 'Fish that live on a map',
        description: 'The catalogue items of every fish whose `data.maps` includes `map_id`. Public, not rate-limited.',
        querystring: FishesByMapQuery,
        response: {
          200: trustedResponse(FishesByMapResponse.describe("The map's fish")),
          404: errorCodes('MAP_NOT_FOUND').describe('No map has this `map_id`'),
        },
      },
    },
    async (request) => {
      const fish = (await catalogue.view()).fishByMap.get(request.query.map_id);
      if (!fish) throw new HttpError(404, 'MAP_NOT_FOUND');
      return { items: [...fish] };
    },
  );

  app.get(
    '/system/get_categories',
    {
      schema: {
        tags,
        summary: 'Paged catalogue search by name (zh / en / ja) or index letter',
        description:
          'Items of one `group_type` (or all) whose Chinese, English or Japanese name matches `like_str` (any ' +
          'case): from the start with `like_start=true` (default), anywhere with `false`; a one-character ' +
          "`like_str` also matches the index letter. `letter` keeps the items whose index letter (of `lang`'s " +
          'name: the pinyin initial for zh, the English one for en and ja) is that letter, `#` for none of A–Z. ' +
          "Sorted by that index letter, then `lang`'s name; pages of `page_size` (at most 100). Public, not " +
          'rate-limited.',
        querystring: CategoriesQuery,
        response: { 200: trustedResponse(CategoriesResponse.describe('One page of matching items and the total')) },
      },
    },
    async (request) => {
      const query = request.query;
      const { items, total } = await repository.search(query);
      return { items, total, page: query.page, page_size: query.page_size };
    },
  );
};
