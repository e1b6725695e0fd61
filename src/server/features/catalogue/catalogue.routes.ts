/** The three system routes of DESIGN §4 / spec §7: category list, fish by map, paged category search. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoriesQuery,
  CategoriesResponse,
  CategoryListQuery,
  CategoryListResponse,
  type CategoryList,
  FishesByMapQuery,
  FishesByMapResponse,
} from '#shared/contracts/catalogue';
import { ErrorBody } from '#shared/contracts/common';
import { HttpError } from '../../plugins/errors';
import { CatalogueRepository } from './catalogue.repository';

const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = new CatalogueRepository(app.db.kysely);

  app.get(
    '/system/get_category_list',
    {
      schema: {
        tags,
        summary: 'Catalogue groups (fish, maps, baits, star_type, fish_way): only the groups asked',
        querystring: CategoryListQuery,
        response: { 200: CategoryListResponse },
      },
    },
    async (request, reply) => {
      const groups = [...new Set(request.query.category_group)];
      const categoryList: CategoryList = Object.fromEntries(groups.map((g) => [g, []]));
      for (const item of await repository.listGroups(groups)) {
        (categoryList[item.group_type] as unknown[]).push(item);
      }
      // The catalogue changes only with a deploy or an import: let browsers and proxies reuse it briefly.
      reply.header('cache-control', 'public, max-age=60');
      return { category_list: categoryList };
    },
  );

  app.get(
    '/system/get_fishes_by_map_id',
    {
      schema: {
        tags,
        summary: 'Fish that live on a map',
        querystring: FishesByMapQuery,
        response: { 200: FishesByMapResponse, 404: ErrorBody },
      },
    },
    async (request) => {
      if (!(await repository.exists('maps', request.query.map_id))) throw new HttpError(404, 'MAP_NOT_FOUND');
      const fish = await repository.listFish();
      return { items: fish.filter((f) => f.data.maps.includes(request.query.map_id)) };
    },
  );

  app.get(
    '/system/get_categories',
    {
      schema: {
        tags,
        summary: 'Paged catalogue search by name (zh / en / ja) or index letter',
        querystring: CategoriesQuery,
        response: { 200: CategoriesResponse },
      },
    },
    async (request) => {
      const query = request.query;
      const { items, total } = await repository.search(query);
      return { items, total, page: query.page, page_size: query.page_size };
    },
  );
};
