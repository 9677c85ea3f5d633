import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import {
  consultationAttachmentParamsSchema,
  consultationAttachmentRule,
  consultationMessageInputSchema,
  consultationMessageSchema,
  consultationThreadSchema,
} from '#common/consultations/consultation-thread.contract.ts';
import { parseFormFields, readUploadForm } from '#server/platform/upload.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import {
  consultationAttachmentKeyPrefix,
  consultationThread,
  openConsultationAttachment,
  sendClientQuestion,
  writableThread,
  type ConsultationThreadDeps,
} from './consultation-thread.service.ts';

/** What one client may write in an hour: questions and follow-ups, with their files. */
const questionLimit: RateLimitRule = { name: 'consultation-messages', limit: 30, windowSeconds: 3600 };

/**
 * Reads a message of the thread (its text, then up to three files) after checking, before a byte
 * of a file is read, that the viewer may write to this consultation's thread now, as `author`.
 */
export async function readThreadMessage(
  deps: Pick<ConsultationThreadDeps, 'db' | 'storage'>,
  viewer: SessionUser,
  request: FastifyRequest,
  reply: FastifyReply,
  consultationId: string,
  author: 'client' | 'firm',
) {
  await writableThread(deps, viewer, consultationId, author).catch((error: unknown) => {
    reply.header('connection', 'close');
    throw error;
  });
  return readUploadForm(request, reply, {
    rule: consultationAttachmentRule,
    keyPrefix: consultationAttachmentKeyPrefix,
    storage: deps.storage,
    parseFields: (fields) => parseFormFields(consultationMessageInputSchema, fields),
  });
}

/** The bytes of one file of a thread, for its client or an admin; never cached, always downloaded. */
export async function sendConsultationAttachment(
  deps: Pick<ConsultationThreadDeps, 'db' | 'storage'>,
  viewer: SessionUser,
  reply: FastifyReply,
  params: { id: string; attachmentId: string },
) {
  const { attachment: file, content } = await openConsultationAttachment(deps, viewer, params.id, params.attachmentId);
  return sendDownload(reply, { name: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes, body: content });
}

/** The client's side of an express consultation's thread: read it, ask (with files), download its files. */
export const consultationThreadRoutes: FastifyPluginAsyncZod<ConsultationThreadDeps> = async (app, deps) => {

  app.get(
    '/api/consultations/:id/messages',
    { preHandler: app.requireUser, schema: { params: uuidParamsSchema, response: { 200: consultationThreadSchema } } },
    (request) => consultationThread(deps, actor(request), request.params.id),
  );

  app.post(
    '/api/consultations/:id/messages',
    { preHandler: [app.requireUser, app.rateLimitPerUser(questionLimit)], schema: { params: uuidParamsSchema, response: { 201: consultationMessageSchema } } },
    async (request, reply) => {
      const client = actor(request);
      // A client writes as a client, even from an admin's account: the firm answers from the back office.
      const asClient = { ...client, role: 'user' as const };
      const form = await readThreadMessage(deps, asClient, request, reply, request.params.id, 'client');
      return reply.status(201).send(await sendClientQuestion(deps, asClient, request.params.id, form.values, form.uploads));
    },
  );

  app.get(
    '/api/consultations/:id/attachments/:attachmentId',
    { preHandler: app.requireUser, schema: { params: consultationAttachmentParamsSchema } },
    (request, reply) => sendConsultationAttachment(deps, actor(request), reply, request.params),
  );
};
