import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { contactRequestRowSchema } from '#common/contact/contact.contract.ts';
import { markAnsweredSchema } from '#common/reply-timers/reply-timers.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { contactRequestsPage, markContactRequestAnswered, removeContactRequest } from './contact.admin.service.ts';
import type { ContactDeps } from './contact.service.ts';

export const contactAdminRoutes: FastifyPluginAsyncZod<Pick<ContactDeps, 'db'>> = async (app, deps) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/api/admin/contact-requests',
    { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(contactRequestRowSchema) } } },
    (request) => contactRequestsPage(deps, request.query),
  );

  // The one change an admin makes to a request: it was answered.
  app.patch(
    '/api/admin/contact-requests/:id',
    { schema: { params: uuidParamsSchema, body: markAnsweredSchema, response: { 200: contactRequestRowSchema } } },
    (request) => markContactRequestAnswered(deps, actor(request), request.params.id),
  );

  app.delete('/api/admin/contact-requests/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeContactRequest(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
