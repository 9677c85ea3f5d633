import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseRequestListSchema, caseRequestParamsSchema, caseRequestSchema } from '#common/cases/case-requests.contract.ts';
import { caseDocumentRule, caseParamsSchema } from '#common/cases/cases.contract.ts';
import { readUploadForm } from '#server/platform/upload.ts';
import { actor } from '#server/platform/actor.ts';
import { caseRequests, requestAwaitingUpload, uploadToRequest, type CaseRequestsDeps } from './case-requests.service.ts';
import { caseLimits } from './cases.limits.ts';

/** The client's checklist: the documents the firm asks for, and the uploads that answer them. */
export const caseRequestsRoutes: FastifyPluginAsyncZod<CaseRequestsDeps> = async (app, deps) => {

  app.get('/api/cases/:id/requests', { preHandler: app.requireUser, schema: { params: caseParamsSchema, response: { 200: caseRequestListSchema } } }, (request) =>
    caseRequests(deps, actor(request), request.params.id, request.language),
  );

  app.post(
    '/api/cases/:id/requests/:requestId/documents',
    {
      preHandler: [app.requireUser, app.rateLimitPerUser(caseLimits.uploads)],
      schema: { params: caseRequestParamsSchema, response: { 201: caseRequestSchema } },
    },
    async (request, reply) => {
      const user = actor(request);
      const { id, requestId } = request.params;
      // Checked before a byte of the file is read: nothing is stored for someone else's case.
      await requestAwaitingUpload(deps, user, id, requestId).catch((error: unknown) => {
        reply.header('connection', 'close');
        throw error;
      });
      const form = await readUploadForm(request, reply, { rule: caseDocumentRule, keyPrefix: 'case-documents', storage: app.storage, parseFields: () => ({}) });
      return reply.status(201).send(await uploadToRequest(deps, user, id, requestId, form.uploads, request.language));
    },
  );
};
