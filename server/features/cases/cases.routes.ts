import type { FastifyReply, FastifyRequest } from 'fastify';
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
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import { attachment } from '#server/integrations/storage/download.ts';
import { readUploadForm } from '#server/platform/upload.ts';
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

/** What one client may send in an hour: documents and messages to their lawyer. */
const uploadLimit: RateLimitRule = { name: 'case-documents', limit: 30, windowSeconds: 3600 };
const messageLimit: RateLimitRule = { name: 'case-messages', limit: 30, windowSeconds: 3600 };
/** Live stream connections of one client (a reconnection every few seconds at worst). */
const streamLimit: RateLimitRule = { name: 'case-stream', limit: 300, windowSeconds: 600 };

/** The bytes of one document, for its client or an admin; never cached, always downloaded. */
export async function sendCaseDocument(
  deps: Pick<CasesDeps, 'db' | 'storage'>,
  viewer: SessionUser,
  reply: FastifyReply,
  params: { id: number; documentId: string },
) {
  const { document, content } = await openCaseDocument(deps, viewer, params.id, params.documentId);
  return reply
    .type(document.contentType)
    .header('content-disposition', attachment(document.name))
    .header('content-length', document.sizeBytes)
    .header('cache-control', 'private, no-store')
    .send(content);
}

export const casesRoutes: FastifyPluginAsyncZod<CasesDeps> = async (app, deps) => {
  const limited = (rule: RateLimitRule) => (request: FastifyRequest) => app.enforceRateLimit(request, rule, [actor(request).id]);

  app.get('/api/cases', { preHandler: app.requireUser, schema: { response: { 200: caseListSchema } } }, (request) =>
    clientCases(deps, actor(request).id, request.language),
  );

  app.get('/api/cases/stream', { preHandler: [app.requireUser, limited(streamLimit)] }, (request, reply) =>
    streamClientCases(deps, actor(request).id, { open: () => app.realtime.openStream(request, reply), currentUser: () => request.sessionUserNow() }),
  );

  app.put('/api/cases/:id/seen', { preHandler: app.requireUser, schema: { params: caseParamsSchema } }, async (request, reply) => {
    await markSeen(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/cases/:id/documents',
    { preHandler: [app.requireUser, limited(uploadLimit)], schema: { params: caseParamsSchema, response: { 201: caseDocumentSchema } } },
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
      preHandler: [app.requireUser, limited(messageLimit)],
      schema: { params: caseParamsSchema, body: caseMessageInputSchema, response: { 201: caseMessageSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await sendClientMessage(deps, actor(request).id, request.params.id, request.body.body)),
  );
};
