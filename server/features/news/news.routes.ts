import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsArticleParamsSchema, newsArticleSchema, newsLanguageQuerySchema, newsListQuerySchema } from '#common/news/news.contract.ts';
import { latestNews, newsArticle, type NewsDeps } from './news.service.ts';

export const newsRoutes: FastifyPluginAsyncZod<NewsDeps> = async (app, deps) => {

  app.get(
    '/api/news',
    { schema: { querystring: newsListQuerySchema, response: { 200: z.array(newsArticleSchema) } } },
    (request) => latestNews(deps, request.query.lang, request.query.limit),
  );

  app.get(
    '/api/news/:id',
    { schema: { params: newsArticleParamsSchema, querystring: newsLanguageQuerySchema, response: { 200: newsArticleSchema } } },
    (request) => newsArticle(deps, request.params.id, request.query.lang),
  );
};
