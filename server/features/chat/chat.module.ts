import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { chatAdminRoutes } from './chat.admin.routes.ts';
import { createChatMails } from './chat.mails.ts';
import { chatRoutes } from './chat.routes.ts';
import type { ChatDeps } from './chat.service.ts';

/** The chat, built once (the shape: news.module.ts). */
export function chatModule(platform: Pick<Platform, 'config' | 'db' | 'outbox' | 'realtime' | 'log'>) {
  const deps: ChatDeps = { db: platform.db, realtime: platform.realtime, mails: createChatMails(platform.config, platform.outbox), log: platform.log };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(chatRoutes, deps);
      await app.register(chatAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
