import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultsSchema } from '#common/search/search.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { searchEverything, type SearchDeps } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<SearchDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/search', { schema: { querystring: searchQuerySchema, response: { 200: searchResultsSchema } } }, (request) =>
    searchEverything(deps, actor(request), request.query.q),
  );
};
