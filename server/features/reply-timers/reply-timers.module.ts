import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { replyTimersAdminRoutes } from './reply-timers.admin.routes.ts';
import { createReplyTimerMails } from './reply-timers.mails.ts';
import type { ReplyTimersDeps } from './reply-timers.service.ts';
import { replyTimersTasks } from './reply-timers.tasks.ts';

/** The timers of requests waiting for the firm's answer, and the morning mail, built once (the shape: news.module.ts). */
export function replyTimersModule(platform: Pick<Platform, 'config' | 'db' | 'outbox' | 'worker'>) {
  const deps: ReplyTimersDeps = {
    db: platform.db,
    openingHours: platform.config.firm.hours,
    mails: createReplyTimerMails(platform.config, platform.outbox),
    now: platform.worker.now,
  };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(replyTimersAdminRoutes, deps);
    }),
    tasks: replyTimersTasks(deps),
  } satisfies FeatureModule;
}
