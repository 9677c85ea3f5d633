import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { translationsAdminRoutes } from './translations.admin.routes.ts';
import { translationsRoutes } from './translations.routes.ts';
import type { TranslationsDeps } from './translations.service.ts';

/** Translation quotes and requests, built once (the shape: news.module.ts); their mails come from the intake module. */
export function translationsModule(platform: Pick<Platform, 'db' | 'storage' | 'log'>, needs: Pick<TranslationsDeps, 'mails' | 'assignees'>) {
  const deps: TranslationsDeps = { db: platform.db, storage: platform.storage, mails: needs.mails, log: platform.log, assignees: needs.assignees };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(translationsRoutes, deps);
      await app.register(translationsAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
