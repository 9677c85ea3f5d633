import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { assignedListQuerySchema, assigneeInputSchema, assigneeSchema } from '#common/assignees/assignees.contract.ts';
import { contactRequestRowSchema } from '#common/contact/contact.contract.ts';
import { markAnsweredSchema } from '#common/reply-timers/reply-timers.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { assignContactRequest, contactRequestsPage, markContactRequestAnswered, removeContactRequest } from './contact.admin.service.ts';
import type { ContactDeps } from './contact.service.ts';

export const contactAdminRoutes: FastifyPluginAsyncZod<Pick<ContactDeps, 'db' | 'assignees'>> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/admin/contact-requests',
    { schema: { querystring: assignedListQuerySchema, response: { 200: pageSchema(contactRequestRowSchema) } } },
    (request) => contactRequestsPage(deps, actor(request), request.query),
  );

  // The one change an admin makes to a request: it was answered.
  app.patch(
    '/api/admin/contact-requests/:id',
    { schema: { params: uuidParamsSchema, body: markAnsweredSchema, response: { 200: contactRequestRowSchema } } },
    (request) => markContactRequestAnswered(deps, actor(request), request.params.id),
  );

  app.put(
    '/api/admin/contact-requests/:id/assignee',
    { schema: { params: uuidParamsSchema, body: assigneeInputSchema, response: { 200: assigneeSchema } } },
    (request) => assignContactRequest(deps, actor(request), request.params.id, request.body),
  );

  app.delete('/api/admin/contact-requests/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeContactRequest(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
