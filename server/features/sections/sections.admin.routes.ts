import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema } from '#common/admin/paging.contract.ts';
import { adminSectionSchema, sectionInputSchema, sectionParamsSchema } from '#common/sections/sections.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { adminSections, editSection, type SectionsDeps } from './sections.service.ts';

export const sectionsAdminRoutes: FastifyPluginAsyncZod<SectionsDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/sections', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(adminSectionSchema) } } }, (request) =>
    adminSections(deps, request.query),
  );

  app.put(
    '/api/admin/sections/:id',
    { schema: { params: sectionParamsSchema, body: sectionInputSchema, response: { 200: adminSectionSchema } } },
    (request) => editSection(deps, actor(request), request.params.id, request.body),
  );
};
