import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyProcedureSchema,
  caseRequestDueDateSchema,
  caseRequestInputSchema,
  caseRequestListSchema,
  caseRequestParamsSchema,
  caseRequestRejectionSchema,
  caseRequestSchema,
} from '#common/cases/case-requests.contract.ts';
import { caseDocumentRule, caseParamsSchema } from '#common/cases/cases.contract.ts';
import { readUploadForm } from '#server/platform/upload.ts';
import { actor } from '#server/platform/actor.ts';
import {
  acceptRequest,
  addRequest,
  applyProcedure,
  caseRequests,
  rejectRequest,
  removeRequest,
  requestAwaitingUpload,
  setRequestDueDate,
  uploadToRequest,
  type CaseRequestsDeps,
} from './case-requests.service.ts';

/** A case's document requests for the firm: review what came in, ask for more, apply a procedure's checklist. */
export const caseRequestsAdminRoutes: FastifyPluginAsyncZod<CaseRequestsDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/cases/:id/requests', { schema: { params: caseParamsSchema, response: { 200: caseRequestListSchema } } }, (request) =>
    caseRequests(deps, actor(request), request.params.id, request.language),
  );

  app.post(
    '/api/admin/cases/:id/requests',
    { schema: { params: caseParamsSchema, body: caseRequestInputSchema, response: { 201: caseRequestSchema } } },
    async (request, reply) => reply.status(201).send(await addRequest(deps, actor(request), request.params.id, request.body, request.language)),
  );

  app.post(
    '/api/admin/cases/:id/procedures',
    { schema: { params: caseParamsSchema, body: applyProcedureSchema, response: { 201: caseRequestListSchema } } },
    async (request, reply) =>
      reply.status(201).send(await applyProcedure(deps, actor(request), request.params.id, request.body.procedureId, request.language)),
  );

  app.post(
    '/api/admin/cases/:id/requests/:requestId/documents',
    { schema: { params: caseRequestParamsSchema, response: { 201: caseRequestSchema } } },
    async (request, reply) => {
      const admin = actor(request);
      const { id, requestId } = request.params;
      await requestAwaitingUpload(deps, admin, id, requestId).catch((error: unknown) => {
        reply.header('connection', 'close');
        throw error;
      });
      const form = await readUploadForm(request, reply, { rule: caseDocumentRule, keyPrefix: 'case-documents', storage: app.storage, parseFields: () => ({}) });
      return reply.status(201).send(await uploadToRequest(deps, admin, id, requestId, form.uploads, request.language));
    },
  );

  app.post('/api/admin/cases/:id/requests/:requestId/accept', { schema: { params: caseRequestParamsSchema, response: { 200: caseRequestSchema } } }, (request) =>
    acceptRequest(deps, actor(request), request.params.id, request.params.requestId, request.language),
  );

  app.post(
    '/api/admin/cases/:id/requests/:requestId/reject',
    { schema: { params: caseRequestParamsSchema, body: caseRequestRejectionSchema, response: { 200: caseRequestSchema } } },
    (request) => rejectRequest(deps, actor(request), request.params.id, request.params.requestId, request.body.reason, request.language),
  );

  app.put(
    '/api/admin/cases/:id/requests/:requestId/due-date',
    { schema: { params: caseRequestParamsSchema, body: caseRequestDueDateSchema, response: { 200: caseRequestSchema } } },
    (request) => setRequestDueDate(deps, actor(request), request.params.id, request.params.requestId, request.body.dueDate, request.language),
  );

  app.delete('/api/admin/cases/:id/requests/:requestId', { schema: { params: caseRequestParamsSchema } }, async (request, reply) => {
    await removeRequest(deps, actor(request), request.params.id, request.params.requestId);
    return reply.status(204).send();
  });
};
