import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closedDaysViewSchema,
  dayHoursSchema,
  dayOverrideInputSchema,
  dayOverrideParamsSchema,
  firmHoursInputSchema,
  firmHoursViewSchema,
} from '#common/agenda/firm-hours.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { closedDaysView, firmHoursView, removeDayHours, saveFirmHours, setDayHours, type FirmHoursDeps } from './firm-hours.service.ts';

/** The Agenda's hours editor: the firm's weekly consulting hours and booking notice, and the days with their own hours. */
export const firmHoursAdminRoutes: FastifyPluginAsyncZod<FirmHoursDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/agenda/hours', { schema: { response: { 200: firmHoursViewSchema } } }, () => firmHoursView(deps));

  app.put('/api/admin/agenda/hours', { schema: { body: firmHoursInputSchema, response: { 200: firmHoursViewSchema } } }, (request) =>
    saveFirmHours(deps, actor(request), request.body),
  );

  // 'Today' is the worker's, as the reply timers' is: tests move one clock.
  app.get('/api/admin/agenda/days', { schema: { response: { 200: closedDaysViewSchema } } }, () => closedDaysView(deps, app.worker.now()));

  app.put(
    '/api/admin/agenda/days/:date',
    { schema: { params: dayOverrideParamsSchema, body: dayOverrideInputSchema, response: { 200: dayHoursSchema } } },
    (request) => setDayHours(deps, actor(request), request.params.date, request.body),
  );

  app.delete('/api/admin/agenda/days/:date', { schema: { params: dayOverrideParamsSchema } }, async (request, reply) => {
    await removeDayHours(deps, actor(request), request.params.date);
    return reply.status(204).send();
  });
};
