import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { freeSlotsSchema, rescheduleSchema, slotRangeQuerySchema } from '#common/consultations/booking.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { cancelByClient, freeSlotList, rescheduleByClient, type BookingDeps } from './booking.service.ts';

/** The free slots of the scheduled consultation (anyone may look), and the client's moves of their own appointment. */
export const bookingRoutes: FastifyPluginAsyncZod<BookingDeps> = async (app, deps) => {
  app.get('/api/consultations/slots', { schema: { querystring: slotRangeQuerySchema, response: { 200: freeSlotsSchema } } }, (request) =>
    freeSlotList(deps, request.query),
  );

  app.post(
    '/api/consultations/:id/reschedule',
    { preHandler: app.requireUser, schema: { params: uuidParamsSchema, body: rescheduleSchema } },
    async (request, reply) => {
      await rescheduleByClient(deps, actor(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.post('/api/consultations/:id/cancel', { preHandler: app.requireUser, schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await cancelByClient(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
