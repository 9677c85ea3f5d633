import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseAssigneeChoicesSchema, caseAssigneeInputSchema, caseAssigneeSchema } from '#common/cases/case-assignee.contract.ts';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { assigneeChoices, assignCase, type CaseAssigneeDeps } from './case-assignee.service.ts';

/** Who handles a case: assigning, reassigning or sending it back to the unassigned queue. */
export const caseAssigneeAdminRoutes: FastifyPluginAsyncZod<CaseAssigneeDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/case-assignees', { schema: { response: { 200: caseAssigneeChoicesSchema } } }, () => assigneeChoices(deps));

  app.put('/api/admin/cases/:id/assignee', { schema: { params: caseParamsSchema, body: caseAssigneeInputSchema, response: { 200: caseAssigneeSchema } } }, (request) =>
    assignCase(deps, actor(request), request.params.id, request.body),
  );
};
