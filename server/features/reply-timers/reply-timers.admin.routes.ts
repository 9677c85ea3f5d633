import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyTimersSchema } from '#common/reply-timers/reply-timers.contract.ts';
import { createReplyTimerMails } from './reply-timers.mails.ts';
import { mailOverdueRequests, nextFirmMorning, replyTimersView, type ReplyTimersDeps } from './reply-timers.service.ts';

/** The timers of the requests waiting for the firm's answer, and the morning mail of the overdue ones. */
export const replyTimersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ReplyTimersDeps = {
    db: app.db,
    openingHours: app.config.firm.hours,
    mails: createReplyTimerMails(app.config, app.outbox),
    now: app.worker.now,
  };

  // At 08:00 in Madrid each day, on one instance; the run itself skips the days the firm is closed.
  app.worker.addTask({ name: 'reply-timers.morning-mail', nextRunAt: nextFirmMorning, run: async () => void (await mailOverdueRequests(deps)) });

  app.addHook('preHandler', app.requireAdmin);

  app.get('/api/admin/reply-timers', { schema: { response: { 200: replyTimersSchema } } }, async (_request, reply) => {
    // The time left changes by the minute: never served from a cache.
    reply.header('cache-control', 'no-store');
    return replyTimersView(deps);
  });
};
