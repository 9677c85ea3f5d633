import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import {
  caseDocumentParamsSchema,
  caseDocumentRule,
  caseDocumentSchema,
  caseListSchema,
  caseMessageInputSchema,
  caseMessageSchema,
  caseParamsSchema,
} from '#common/cases/cases.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import { readUploadForm } from '#server/platform/upload.ts';
import { caseLimits } from './cases.limits.ts';
import {
  addCaseDocument,
  clientCases,
  markSeen,
  openCaseDocument,
  ownCase,
  sendClientMessage,
  streamClientCases,
  type CasesDeps,
} from './cases.service.ts';

/** The bytes of one document, for its client or an admin; never cached, downloaded (or shown, for the back office's preview). */
export async function sendCaseDocument(
  deps: Pick<CasesDeps, 'db' | 'storage'>,
  viewer: SessionUser,
  reply: FastifyReply,
  params: { id: number; documentId: string },
  isInline = false,
) {
  const { document, content } = await openCaseDocument(deps, viewer, params.id, params.documentId);
  return sendDownload(reply, { name: document.name, contentType: document.contentType, sizeBytes: document.sizeBytes, body: content, isInline });
}

export const casesRoutes: FastifyPluginAsyncZod<CasesDeps> = async (app, deps) => {

  app.get('/api/cases', { preHandler: app.requireUser, schema: { response: { 200: caseListSchema } } }, (request) =>
    clientCases(deps, actor(request).id, request.language),
  );

  app.get('/api/cases/stream', { preHandler: [app.requireUser, app.rateLimitPerUser(caseLimits.stream)] }, (request, reply) =>
    streamClientCases(deps, actor(request).id, { open: () => app.realtime.openStream(request, reply), currentUser: () => request.sessionUserNow() }),
  );

  app.put('/api/cases/:id/seen', { preHandler: app.requireUser, schema: { params: caseParamsSchema } }, async (request, reply) => {
    await markSeen(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/cases/:id/documents',
    { preHandler: [app.requireUser, app.rateLimitPerUser(caseLimits.uploads)], schema: { params: caseParamsSchema, response: { 201: caseDocumentSchema } } },
    async (request, reply) => {
      const user = actor(request);
      // Checked before a byte of the file is read: nothing is stored for someone else's case.
      await ownCase(deps, user.id, request.params.id).catch((error: unknown) => {
        reply.header('connection', 'close');
        throw error;
      });
      const form = await readUploadForm(request, reply, {
        rule: caseDocumentRule,
        keyPrefix: 'case-documents',
        storage: app.storage,
        parseFields: () => ({}),
      });
      return reply.status(201).send(await addCaseDocument(deps, user.id, request.params.id, form.uploads));
    },
  );

  app.get('/api/cases/:id/documents/:documentId', { preHandler: app.requireUser, schema: { params: caseDocumentParamsSchema } }, (request, reply) =>
    sendCaseDocument(deps, actor(request), reply, request.params),
  );

  app.post(
    '/api/cases/:id/messages',
    {
      preHandler: [app.requireUser, app.rateLimitPerUser(caseLimits.messages)],
      schema: { params: caseParamsSchema, body: caseMessageInputSchema, response: { 201: caseMessageSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await sendClientMessage(deps, actor(request).id, request.params.id, request.body.body)),
  );
};
