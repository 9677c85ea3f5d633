import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { contactRequestRowSchema } from '#common/contact/contact.contract.ts';
import { actor } from '#server/plugins/actor.ts';
import { contactRequestsPage, removeContactRequest } from './contact.admin.service.ts';
import type { ContactDeps } from './contact.service.ts';

export const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: Pick<ContactDeps, 'db'> = { db: app.db };
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/api/admin/contact-requests',
    { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(contactRequestRowSchema) } } },
    (request) => contactRequestsPage(deps, request.query),
  );

  app.delete('/api/admin/contact-requests/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeContactRequest(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
