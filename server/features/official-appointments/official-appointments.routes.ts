import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import { officialAppointmentSchema } from '#common/official-appointments/official-appointments.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { clientCaseAppointments, type OfficialAppointmentsDeps } from './official-appointments.service.ts';

/** The client's view of their case's appointments with the administration (the reminders: official-appointments.tasks.ts). */
export const officialAppointmentsRoutes: FastifyPluginAsyncZod<OfficialAppointmentsDeps> = async (app, deps) => {
  app.get(
    '/api/cases/:id/official-appointments',
    { preHandler: app.requireUser, schema: { params: caseParamsSchema, response: { 200: z.array(officialAppointmentSchema) } } },
    (request) => clientCaseAppointments(deps, actor(request).id, request.params.id),
  );
};
