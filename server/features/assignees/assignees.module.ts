import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { assigneesAdminRoutes } from './assignees.admin.routes.ts';
import { createAssigneeMails } from './assignees.mails.ts';
import type { AssigneesDeps } from './assignees.service.ts';

/**
 * Who handles the work besides cases (consultations, quotes, translation requests, contact requests,
 * chat conversations): the choices' route, and the deps each of those modules hands `assignWork`.
 */
export function assigneesModule(platform: Pick<Platform, 'config' | 'db' | 'outbox'>) {
  const deps: AssigneesDeps = { db: platform.db, mails: createAssigneeMails(platform.config, platform.outbox) };
  return {
    deps,
    routes: moduleRoutes(async (app) => {
      await app.register(assigneesAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
