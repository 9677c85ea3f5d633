import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceDocumentsParamsSchema, serviceDocumentsSchema } from '#common/procedures/procedures.contract.ts';
import { serviceDocuments, type ProceduresDeps } from './procedures.service.ts';

/** What a visitor reads of the procedures: the documents a service will ask for, before hiring it. */
export const proceduresRoutes: FastifyPluginAsyncZod<ProceduresDeps> = async (app, deps) => {
  app.get('/api/services/:serviceId/documents', { schema: { params: serviceDocumentsParamsSchema, response: { 200: serviceDocumentsSchema } } }, (request) =>
    serviceDocuments(deps, request.params.serviceId, request.language),
  );
};
