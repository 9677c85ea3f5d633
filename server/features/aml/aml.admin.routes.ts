import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseIdentificationParamsSchema, caseIdentificationSchema, identificationFileParamsSchema, identificationParamsSchema, identificationReviewSchema } from '#common/aml/aml.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import { adminCaseIdentification, openIdentificationFile, reviewCaseIdentification, type AmlDeps } from './aml.service.ts';

/** The firm's side, on the case page: a case's identification, its files, and the review (accept or ask again). */
export const amlAdminRoutes: FastifyPluginAsyncZod<AmlDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/cases/:id/identification', { schema: { params: caseIdentificationParamsSchema, response: { 200: caseIdentificationSchema } } }, (request) =>
    adminCaseIdentification(deps, actor(request), request.params.id),
  );

  app.get('/api/admin/cases/:id/identification/:identificationId/files/:fileId', { schema: { params: identificationFileParamsSchema } }, async (request, reply) =>
    sendDownload(reply, await openIdentificationFile(deps, actor(request), request.params)),
  );

  app.post(
    '/api/admin/cases/:id/identification/:identificationId/review',
    { schema: { params: identificationParamsSchema, body: identificationReviewSchema, response: { 200: caseIdentificationSchema } } },
    (request) => reviewCaseIdentification(deps, actor(request), request.params.id, request.params.identificationId, request.body),
  );
};
