import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { firmAppointmentSchema } from '#common/consultations/booking.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { setAppointmentByFirm, type BookingDeps } from './booking.service.ts';

/** The firm sets or moves a consultation's appointment, at any time. */
export const bookingAdminRoutes: FastifyPluginAsyncZod<BookingDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.put(
    '/api/admin/consultations/:id/appointment',
    { schema: { params: uuidParamsSchema, body: firmAppointmentSchema } },
    async (request, reply) => {
      await setAppointmentByFirm(deps, actor(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};
