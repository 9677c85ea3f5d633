import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSchema } from '#common/admin/paging.contract.ts';
import { adminCasesQuerySchema } from '#common/cases/case-assignee.contract.ts';
import {
  adminCaseDetailSchema,
  adminUnreadCasesSchema,
  adminCaseRowSchema,
  caseFilingInputSchema,
  caseDocumentParamsSchema,
  caseDocumentQuerySchema,
  caseDocumentRule,
  caseDocumentSchema,
  caseMessageInputSchema,
  caseMessageSchema,
  caseParamsSchema,
  caseStageInputSchema,
} from '#common/cases/cases.contract.ts';
import { readUploadForm } from '#server/platform/upload.ts';
import { actor } from '#server/platform/actor.ts';
import { sendCaseDocument } from './cases.routes.ts';
import {
  addCaseDocument,
  adminCase,
  adminCaseDetail,
  adminCasesPage,
  adminUnreadCases,
  markSeen,
  moveCaseStage,
  saveCaseFiling,
  sendFirmReply,
  type CasesDeps,
} from './cases.service.ts';

/** The Expedientes tab and the case page: every case, its detail and documents, the firm's replies, stage, filing data and uploads. */
export const casesAdminRoutes: FastifyPluginAsyncZod<CasesDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/cases', { schema: { querystring: adminCasesQuerySchema, response: { 200: pageSchema(adminCaseRowSchema) } } }, (request) =>
    adminCasesPage(deps, actor(request), request.query, request.language),
  );

  app.get('/api/admin/cases/unread', { schema: { response: { 200: adminUnreadCasesSchema } } }, (request) => adminUnreadCases(deps, actor(request)));

  app.put('/api/admin/cases/:id/seen', { schema: { params: caseParamsSchema } }, async (request, reply) => {
    await markSeen(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/admin/cases/:id', { schema: { params: caseParamsSchema, response: { 200: adminCaseDetailSchema } } }, (request) =>
    adminCaseDetail(deps, actor(request), request.params.id, request.language),
  );

  app.get('/api/admin/cases/:id/documents/:documentId', { schema: { params: caseDocumentParamsSchema, querystring: caseDocumentQuerySchema } }, (request, reply) =>
    sendCaseDocument(deps, actor(request), reply, request.params, request.query.disposition === 'inline'),
  );

  app.post(
    '/api/admin/cases/:id/documents',
    { schema: { params: caseParamsSchema, response: { 201: caseDocumentSchema } } },
    async (request, reply) => {
      const admin = actor(request);
      await adminCase(deps, admin, request.params.id).catch((error: unknown) => {
        reply.header('connection', 'close');
        throw error;
      });
      const form = await readUploadForm(request, reply, { rule: caseDocumentRule, keyPrefix: 'case-documents', storage: app.storage, parseFields: () => ({}) });
      return reply.status(201).send(await addCaseDocument(deps, admin.id, request.params.id, form.uploads));
    },
  );

  app.post(
    '/api/admin/cases/:id/messages',
    { schema: { params: caseParamsSchema, body: caseMessageInputSchema, response: { 201: caseMessageSchema } } },
    async (request, reply) => reply.status(201).send(await sendFirmReply(deps, actor(request), request.params.id, request.body.body)),
  );

  app.put(
    '/api/admin/cases/:id/stage',
    { schema: { params: caseParamsSchema, body: caseStageInputSchema, response: { 200: adminCaseDetailSchema } } },
    (request) => moveCaseStage(deps, actor(request), request.params.id, request.body, request.language),
  );

  app.put(
    '/api/admin/cases/:id/filing',
    { schema: { params: caseParamsSchema, body: caseFilingInputSchema, response: { 200: adminCaseDetailSchema } } },
    (request) => saveCaseFiling(deps, actor(request), request.params.id, request.body, request.language),
  );
};
