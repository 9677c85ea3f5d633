import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { assignedListQuerySchema, assigneeInputSchema, assigneeSchema } from '#common/assignees/assignees.contract.ts';
import {
  adminChatPageSchema,
  adminChatReplyResultSchema,
  chatConversationSchema,
  chatReplySchema,
  chatStreamQuerySchema,
} from '#common/chat/chat.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { adminChatPage, adminConversation, assignConversation, removeChatMessage, replyToMessage, streamAdminChat } from './chat.admin.service.ts';
import { resumeAfter } from './chat.live.ts';
import type { ChatDeps } from './chat.service.ts';

/** The admin's Chat tab: the messages, each conversation, the firm's replies, and new messages live. */
export const chatAdminRoutes: FastifyPluginAsyncZod<Pick<ChatDeps, 'db' | 'realtime' | 'log' | 'assignees'>> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/admin/chat/messages',
    { schema: { querystring: assignedListQuerySchema, response: { 200: adminChatPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return adminChatPage(deps, actor(request), request.query);
    },
  );

  app.put(
    '/api/admin/chat/conversations/:id/assignee',
    { schema: { params: uuidParamsSchema, body: assigneeInputSchema, response: { 200: assigneeSchema } } },
    (request) => assignConversation(deps, actor(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/chat/messages/:id/conversation',
    { schema: { params: uuidParamsSchema, response: { 200: chatConversationSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return adminConversation(deps, request.params.id);
    },
  );

  app.post(
    '/api/admin/chat/messages/:id/replies',
    { schema: { params: uuidParamsSchema, body: chatReplySchema, response: { 201: adminChatReplyResultSchema } } },
    async (request, reply) => reply.status(201).send(await replyToMessage(deps, actor(request), request.params.id, request.body)),
  );

  app.delete('/api/admin/chat/messages/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await removeChatMessage(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/admin/chat/stream', { schema: { querystring: chatStreamQuerySchema } }, async (request, reply) => {
    const live = { open: () => app.realtime.openStream(request, reply), currentUser: () => request.sessionUserNow() };
    await streamAdminChat(deps, resumeAfter(request, request.query.after), live);
  });
};
