import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assigneeChoicesSchema, assigneeKindParamsSchema } from '#common/assignees/assignees.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { assigneeChoices, type AssigneesDeps } from './assignees.service.ts';

/** The staff a kind of work may be assigned to, for the back office's selector on each row. */
export const assigneesAdminRoutes: FastifyPluginAsyncZod<Pick<AssigneesDeps, 'db'>> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/assignees/:kind', { schema: { params: assigneeKindParamsSchema, response: { 200: assigneeChoicesSchema } } }, (request) =>
    assigneeChoices(deps, actor(request), request.params.kind),
  );
};
