import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sectionPageSchema, sectionParamsSchema, sectionQuerySchema } from '#common/sections/sections.contract.ts';
import { sectionPage, type SectionPageDeps } from './sections.service.ts';

/** The section pages' content, in the language of the address (`?lang=fr`), so the answer depends on the URL alone. */
export const sectionsRoutes: FastifyPluginAsyncZod<SectionPageDeps> = async (app, deps) => {

  app.get(
    '/api/sections/:id',
    { schema: { params: sectionParamsSchema, querystring: sectionQuerySchema, response: { 200: sectionPageSchema } } },
    (request) => sectionPage(deps, request.params.id, request.query.lang),
  );
};
