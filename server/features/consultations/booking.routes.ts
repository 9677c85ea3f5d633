import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { freeSlotsSchema, rescheduleSchema, slotRangeQuerySchema } from '#common/consultations/booking.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import { cancelByClient, freeSlotList, rescheduleByClient, type BookingDeps } from './booking.service.ts';

/** The slot list's loads from one address (a visitor browsing weeks of days makes a few per minute); counted in the database. */
const slotReadsPerIp: RateLimitRule = { name: 'consultation-slots:ip', limit: 300, windowSeconds: 10 * 60 };

/**
 * The free slots of the scheduled consultation (anyone may look, signed out too: only free times, nothing
 * of anyone's appointment), the client's own appointment as a calendar file, and its moves.
 */
export const bookingRoutes: FastifyPluginAsyncZod<BookingDeps> = async (app, deps) => {
  app.get(
    '/api/consultations/slots',
    { preValidation: app.rateLimitPerIp(slotReadsPerIp), schema: { querystring: slotRangeQuerySchema, response: { 200: freeSlotsSchema } } },
    (request) => freeSlotList(deps, request.query),
  );

  app.get('/api/consultations/:id/calendar', { preHandler: app.requireUser, schema: { params: uuidParamsSchema } }, async (request, reply) => {
    const { filename, ics } = await deps.mails.calendar(deps.db, request.params.id, actor(request).id);
    return sendDownload(reply, { name: filename, contentType: 'text/calendar; charset=utf-8', body: Buffer.from(ics, 'utf8') });
  });

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
