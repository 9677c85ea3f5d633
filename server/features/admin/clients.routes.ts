import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParamsSchema, clientRowSchema, roleChangeSchema } from '#common/admin/clients.contract.ts';
import { adminListQuerySchema, pageSchema } from '#common/admin/paging.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { changeRole, clientsPage, type ClientsDeps } from './clients.service.ts';

export const clientsRoutes: FastifyPluginAsyncZod<ClientsDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/clients', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(clientRowSchema) } } }, (request) =>
    clientsPage(deps, request.query),
  );

  app.put('/api/admin/clients/:id/role', { schema: { params: clientParamsSchema, body: roleChangeSchema } }, async (request, reply) => {
    await changeRole(deps, actor(request), request.params.id, request.body.role);
    return reply.status(204).send();
  });
};
