import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { notesAdminRoutes } from './notes.admin.routes.ts';
import { createNoteMails } from './notes.mails.ts';

/** The staff's private notes on cases, consultations and clients (the shape: news/news.module.ts). */
export function notesModule(platform: Pick<Platform, 'config' | 'db' | 'outbox'>) {
  const { config, db, outbox } = platform;
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(notesAdminRoutes, { db, mails: createNoteMails(config, outbox) });
    }),
  } satisfies FeatureModule;
}
