import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyTimersSchema } from '#common/reply-timers/reply-timers.contract.ts';
import { replyTimersView, type ReplyTimersDeps } from './reply-timers.service.ts';

/** The timers of the requests waiting for the firm's answer (the morning mail of the overdue ones: reply-timers.tasks.ts). */
export const replyTimersAdminRoutes: FastifyPluginAsyncZod<ReplyTimersDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/reply-timers', { schema: { response: { 200: replyTimersSchema } } }, async (_request, reply) => {
    // The time left changes by the minute: never served from a cache.
    reply.header('cache-control', 'no-store');
    return replyTimersView(deps);
  });
};
