import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { videoLinkSchema } from '#common/consultations/appointment.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { changeVideoLink, type AppointmentDeps } from './appointment.service.ts';

/** The firm gives a video consultation the link of its call. */
export const appointmentAdminRoutes: FastifyPluginAsyncZod<Pick<AppointmentDeps, 'db' | 'mails'>> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.put('/api/admin/consultations/:id/video-link', { schema: { params: uuidParamsSchema, body: videoLinkSchema } }, async (request, reply) => {
    await changeVideoLink(deps, actor(request), request.params.id, request.body.videoUrl);
    return reply.status(204).send();
  });
};
