import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema } from '#common/admin/paging.contract.ts';
import { adminServiceSchema, serviceIdParamsSchema, serviceInputSchema } from '#common/services/services.admin.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { editService, servicesPage } from './services.admin.service.ts';
import type { ServicesDeps } from './services.service.ts';

/** The Servicios tab: the catalogue's prices and texts, as the firm sets them. */
export const servicesAdminRoutes: FastifyPluginAsyncZod<ServicesDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/services', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(adminServiceSchema) } } }, (request) =>
    servicesPage(deps, request.query),
  );

  app.put(
    '/api/admin/services/:id',
    { schema: { params: serviceIdParamsSchema, body: serviceInputSchema, response: { 200: adminServiceSchema } } },
    (request) => editService(deps, actor(request), request.params.id, request.body),
  );
};
