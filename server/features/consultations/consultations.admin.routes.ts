import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { consultationRowSchema } from '#common/consultations/consultation-row.contract.ts';
import { consultationUpdateSchema } from '#common/consultations/consultations.contract.ts';
import { actor } from '#server/platform/actor.ts';
import type { AppointmentDeps } from './appointment.service.ts';
import { changeConsultation, consultationsPage, removeConsultation } from './consultations.admin.service.ts';
import type { ConsultationThreadDeps } from './consultation-thread.service.ts';

/** What the Consultas tab's changes need: the appointment's mails to move one, the thread's storage to delete one. */
export type ConsultationsAdminDeps = AppointmentDeps & Pick<ConsultationThreadDeps, 'storage' | 'log'>;

export const consultationsAdminRoutes: FastifyPluginAsyncZod<ConsultationsAdminDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/api/admin/consultations',
    { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(consultationRowSchema) } } },
    (request) => consultationsPage(deps, request.query, request.language),
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
