import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { assignedListQuerySchema, assigneeInputSchema, assigneeSchema } from '#common/assignees/assignees.contract.ts';
import { consultationRowSchema } from '#common/consultations/consultation-row.contract.ts';
import { consultationUpdateSchema } from '#common/consultations/consultations.contract.ts';
import { actor } from '#server/platform/actor.ts';
import type { AppointmentDeps } from './appointment.service.ts';
import type { AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { assignConsultation, changeConsultation, consultationsPage, removeConsultation } from './consultations.admin.service.ts';
import type { ConsultationThreadDeps } from './consultation-thread.service.ts';

/** What the Consultas tab's changes need: the appointment's mails to move one, the thread's storage to delete one. */
export type ConsultationsAdminDeps = AppointmentDeps & Pick<ConsultationThreadDeps, 'storage' | 'log'> & { assignees: AssigneesDeps };

export const consultationsAdminRoutes: FastifyPluginAsyncZod<ConsultationsAdminDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/admin/consultations',
    { schema: { querystring: assignedListQuerySchema, response: { 200: pageSchema(consultationRowSchema) } } },
    (request) => consultationsPage(deps, actor(request), request.query, request.language),
  );

  app.put(
    '/api/admin/consultations/:id/assignee',
    { schema: { params: uuidParamsSchema, body: assigneeInputSchema, response: { 200: assigneeSchema } } },
    (request) => assignConsultation(deps, actor(request), request.params.id, request.body),
  );

  app.patch('/api/admin/consultations/:id', { schema: { params: uuidParamsSchema, body: consultationUpdateSchema } }, async (request, reply) => {
    await changeConsultation(deps, actor(request), request.params.id, request.body);
    return reply.status(204).send();
  });

  app.delete('/api/admin/consultations/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeConsultation(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
