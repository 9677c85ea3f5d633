import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import {
  caseOfficialAppointmentsSchema,
  officialAppointmentInputSchema,
  officialAppointmentSchema,
} from '#common/official-appointments/official-appointments.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { adminCaseAppointments, cancelAppointment, changeAppointment, recordAppointment, type OfficialAppointmentsDeps } from './official-appointments.service.ts';

/** The case page's appointments with the administration: recorded, changed and cancelled by the firm, each mailed to the client. */
export const officialAppointmentsAdminRoutes: FastifyPluginAsyncZod<OfficialAppointmentsDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/admin/cases/:id/official-appointments',
    { schema: { params: caseParamsSchema, response: { 200: caseOfficialAppointmentsSchema } } },
    (request) => adminCaseAppointments(deps, actor(request), request.params.id),
  );

  app.post(
    '/api/admin/cases/:id/official-appointments',
    { schema: { params: caseParamsSchema, body: officialAppointmentInputSchema, response: { 201: officialAppointmentSchema } } },
    async (request, reply) => reply.status(201).send(await recordAppointment(deps, actor(request), request.params.id, request.body)),
  );

  app.put(
    '/api/admin/official-appointments/:id',
    { schema: { params: uuidParamsSchema, body: officialAppointmentInputSchema, response: { 200: officialAppointmentSchema } } },
    (request) => changeAppointment(deps, actor(request), request.params.id, request.body),
  );

  app.delete('/api/admin/official-appointments/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await cancelAppointment(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
