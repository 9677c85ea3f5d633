import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { agendaEntrySchema, agendaEventInputSchema, agendaRangeQuerySchema } from '#common/agenda/agenda.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { agendaEntries, createEvent, editEvent, removeEvent, type AgendaDeps } from './agenda.service.ts';

export const agendaRoutes: FastifyPluginAsyncZod<AgendaDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/agenda', { schema: { querystring: agendaRangeQuerySchema, response: { 200: z.array(agendaEntrySchema) } } }, (request) =>
    agendaEntries(deps, actor(request), request.query),
  );

  app.post('/api/admin/agenda/events', { schema: { body: agendaEventInputSchema, response: { 201: agendaEntrySchema } } }, async (request, reply) =>
    reply.status(201).send(await createEvent(deps, actor(request), request.body)),
  );

  app.put(
    '/api/admin/agenda/events/:id',
    { schema: { params: uuidParamsSchema, body: agendaEventInputSchema, response: { 200: agendaEntrySchema } } },
    (request) => editEvent(deps, actor(request), request.params.id, request.body),
  );

  app.delete('/api/admin/agenda/events/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeEvent(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
