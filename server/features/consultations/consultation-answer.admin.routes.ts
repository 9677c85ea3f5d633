import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { consultationAnswerSchema } from '#common/consultations/consultation-row.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { answerConsultation, type ConsultationAnswerDeps } from './consultation-answer.service.ts';

/** The Consultas tab answers an expatriation request (note and call date), audited and mailed. */
export const consultationAnswerAdminRoutes: FastifyPluginAsyncZod<ConsultationAnswerDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.put('/api/admin/consultations/:id/answer', { schema: { params: uuidParamsSchema, body: consultationAnswerSchema } }, async (request, reply) => {
    await answerConsultation(deps, actor(request), request.params.id, request.body);
    return reply.status(204).send();
  });
};
