import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatConversationSchema,
  chatMessageSchema,
  chatPostedSchema,
  chatReopenSchema,
  chatStreamQuerySchema,
  chatTokenHeader,
  chatTokenSchema,
} from '#common/chat/chat.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import { chatLimits } from './chat.limits.ts';
import { resumeAfter } from './chat.live.ts';
import { ownerSubject } from './chat.policy.ts';
import { reopenFromMail } from './chat.reply-mails.service.ts';
import { ownConversation, postMessage, resolveOwner, streamConversation, type ChatDeps } from './chat.service.ts';

/** The conversation token of an anonymous visitor's browser, when it sends one. */
function chatToken(request: FastifyRequest): string | undefined {
  const header = request.headers[chatTokenHeader];
  if (header === undefined) return undefined;
  const parsed = chatTokenSchema.safeParse(header);
  if (!parsed.success) throw new AppError('validation', 'chat:errors.invalidToken');
  return parsed.data;
}

/** The chat widget: a visitor's (or client's) own conversation, their messages, the firm's replies live, and the mailed link that reopens it. */
export const chatRoutes: FastifyPluginAsyncZod<ChatDeps> = async (app, deps) => {
  // Each limit is counted before validation, so malformed floods are limited too.
  app.get(
    '/api/chat/conversation',
    { preValidation: app.rateLimitPerIp(chatLimits.readsPerIp), schema: { response: { 200: chatConversationSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ownConversation(deps, await resolveOwner(deps, await request.sessionUser(), chatToken(request)));
    },
  );

  app.post(
    '/api/chat/messages',
    { preValidation: app.rateLimitPerIp(chatLimits.messagesPerIp), schema: { body: chatMessageSchema, response: { 201: chatPostedSchema } } },
    async (request, reply) => {
      const owner = await resolveOwner(deps, await request.sessionUser(), chatToken(request));
      if (owner) await app.enforceRateLimit(request, chatLimits.messagesPerConversation, [ownerSubject(owner)]);
      return reply.status(201).send(await postMessage(deps, owner, request.body, request.language));
    },
  );

  app.post(
    '/api/chat/reopen',
    { preValidation: app.rateLimitPerIp(chatLimits.readsPerIp), schema: { body: chatReopenSchema, response: { 200: chatConversationSchema } } },
    async (request, reply) => {
      const token = chatToken(request);
      if (token === undefined) throw new AppError('validation', 'chat:errors.tokenRequired');
      reply.header('cache-control', 'no-store');
      return reopenFromMail(deps, request.body.link, token);
    },
  );

  app.get(
    '/api/chat/stream',
    { preValidation: app.rateLimitPerIp(chatLimits.readsPerIp), schema: { querystring: chatStreamQuerySchema } },
    async (request, reply) => {
      const after = resumeAfter(request, request.query.after);
      const owner = await resolveOwner(deps, await request.sessionUser(), chatToken(request));
      const live = { open: () => app.realtime.openStream(request, reply), currentUser: () => request.sessionUserNow() };
      // No conversation yet: 204, on which a stream client stops.
      if (!(await streamConversation(deps, owner, after, live))) await reply.status(204).header('cache-control', 'no-store').send();
    },
  );
};
