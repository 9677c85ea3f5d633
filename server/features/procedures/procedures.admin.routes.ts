import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema } from '#common/admin/paging.contract.ts';
import {
  procedureChoiceListSchema,
  procedureInputSchema,
  procedureParamsSchema,
  procedureSchema,
  procedureServiceListSchema,
} from '#common/procedures/procedures.contract.ts';
import { actor } from '#server/platform/actor.ts';
import {
  createProcedure,
  editProcedure,
  procedureChoices,
  procedureServices,
  proceduresPage,
  removeProcedure,
  type ProceduresDeps,
} from './procedures.service.ts';

/** The Trámites tab: the procedures and their checklist templates. */
export const proceduresAdminRoutes: FastifyPluginAsyncZod<ProceduresDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/procedures', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(procedureSchema) } } }, (request) =>
    proceduresPage(deps, request.query),
  );

  app.get('/api/admin/procedure-choices', { schema: { response: { 200: procedureChoiceListSchema } } }, (request) =>
    procedureChoices(deps, request.language),
  );

  app.get('/api/admin/procedure-services', { schema: { response: { 200: procedureServiceListSchema } } }, (request) =>
    procedureServices(deps, request.language),
  );

  app.post('/api/admin/procedures', { schema: { body: procedureInputSchema, response: { 201: procedureSchema } } }, async (request, reply) =>
    reply.status(201).send(await createProcedure(deps, actor(request), request.body)),
  );

  app.put(
    '/api/admin/procedures/:id',
    { schema: { params: procedureParamsSchema, body: procedureInputSchema, response: { 200: procedureSchema } } },
    (request) => editProcedure(deps, actor(request), request.params.id, request.body),
  );

  app.delete('/api/admin/procedures/:id', { schema: { params: procedureParamsSchema } }, async (request, reply) => {
    await removeProcedure(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};
