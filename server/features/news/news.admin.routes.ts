import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { adminNewsArticleSchema, newsArticleInputSchema } from '#common/news/news.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { createArticle, editArticle, newsPage, removeArticle } from './news.admin.service.ts';
import type { NewsDeps } from './news.service.ts';

export const newsAdminRoutes: FastifyPluginAsyncZod<NewsDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/news', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(adminNewsArticleSchema) } } }, (request) =>
    newsPage(deps, request.query),
  );

  app.post('/api/admin/news', { schema: { body: newsArticleInputSchema, response: { 201: adminNewsArticleSchema } } }, async (request, reply) =>
    reply.status(201).send(await createArticle(deps, actor(request), request.body)),
  );

  app.put(
    '/api/admin/news/:id',
    { schema: { params: uuidParamsSchema, body: newsArticleInputSchema, response: { 200: adminNewsArticleSchema } } },
    (request) => editArticle(deps, actor(request), request.params.id, request.body),
  );

  app.delete('/api/admin/news/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeArticle(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
