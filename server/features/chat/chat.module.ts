import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { chatAdminRoutes } from './chat.admin.routes.ts';
import { createChatMails } from './chat.mails.ts';
import { chatRoutes } from './chat.routes.ts';
import type { ChatDeps } from './chat.service.ts';
import { chatTasks } from './chat.tasks.ts';

/** The chat, built once (the shape: news.module.ts). */
export function chatModule(platform: Pick<Platform, 'config' | 'db' | 'outbox' | 'realtime' | 'log' | 'worker'>, { assignees }: Pick<ChatDeps, 'assignees'>) {
  const mails = createChatMails(platform.config, platform.outbox);
  const deps: ChatDeps = { db: platform.db, realtime: platform.realtime, mails, log: platform.log, assignees };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(chatRoutes, deps);
      await app.register(chatAdminRoutes, deps);
    }),
    tasks: chatTasks(deps, platform.worker.now),
  } satisfies FeatureModule;
}
