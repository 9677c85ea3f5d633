import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { consultationRowSchema } from '#common/consultations/consultation-row.contract.ts';
import { consultationUpdateSchema } from '#common/consultations/consultations.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { createAppointmentMails } from './appointment.mails.ts';
import { changeConsultation, consultationsPage, removeConsultation } from './consultations.admin.service.ts';
import type { ConsultationsDeps } from './consultations.service.ts';

export const consultationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: Pick<ConsultationsDeps, 'db'> = { db: app.db };
  const appointmentMails = createAppointmentMails(app.config, app.outbox, app.worker.now);
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/api/admin/consultations',
    { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(consultationRowSchema) } } },
    (request) => consultationsPage(deps, request.query, request.language),
  );

  app.patch('/api/admin/consultations/:id', { schema: { params: uuidParamsSchema, body: consultationUpdateSchema } }, async (request, reply) => {
    await changeConsultation({ ...deps, mails: appointmentMails, now: app.worker.now }, actor(request), request.params.id, request.body);
    return reply.status(204).send();
  });

  app.delete('/api/admin/consultations/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeConsultation({ ...deps, storage: app.storage, log: app.log }, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
