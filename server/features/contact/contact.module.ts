import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { contactAdminRoutes } from './contact.admin.routes.ts';
import { contactRoutes } from './contact.routes.ts';
import type { ContactDeps } from './contact.service.ts';

/** Contact requests, built once (the shape: news.module.ts); their mails come from the intake module. */
export function contactModule(platform: Pick<Platform, 'db' | 'log'>, needs: Pick<ContactDeps, 'mails' | 'assignees'>) {
  const deps: ContactDeps = { db: platform.db, mails: needs.mails, log: platform.log, assignees: needs.assignees };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(contactRoutes, deps);
      await app.register(contactAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
