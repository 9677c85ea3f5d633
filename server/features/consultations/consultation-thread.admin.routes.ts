import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { consultationAttachmentParamsSchema, consultationMessageSchema, consultationThreadSchema } from '#common/consultations/consultation-thread.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { readThreadMessage, sendConsultationAttachment } from './consultation-thread.routes.ts';
import { consultationThread, sendFirmAnswer, type ConsultationThreadDeps } from './consultation-thread.service.ts';

/** The Consultas tab's side of an express consultation's thread: read any, answer (audited, mailed), download its files. */
export const consultationThreadAdminRoutes: FastifyPluginAsyncZod<ConsultationThreadDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/consultations/:id/messages', { schema: { params: uuidParamsSchema, response: { 200: consultationThreadSchema } } }, (request) =>
    consultationThread(deps, actor(request), request.params.id),
  );

  app.post(
    '/api/admin/consultations/:id/messages',
    { schema: { params: uuidParamsSchema, response: { 201: consultationMessageSchema } } },
    async (request, reply) => {
      const admin = actor(request);
      const form = await readThreadMessage(deps, admin, request, reply, request.params.id, 'firm');
      return reply.status(201).send(await sendFirmAnswer(deps, admin, request.params.id, form.values, form.uploads));
    },
  );

  app.get('/api/admin/consultations/:id/attachments/:attachmentId', { schema: { params: consultationAttachmentParamsSchema } }, (request, reply) =>
    sendConsultationAttachment(deps, actor(request), reply, request.params),
  );
};
