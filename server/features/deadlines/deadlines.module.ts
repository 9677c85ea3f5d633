import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { deadlinesAdminRoutes } from './deadlines.admin.routes.ts';
import { createDeadlineMails } from './deadlines.mails.ts';
import { deadlinesRoutes } from './deadlines.routes.ts';
import type { DeadlinesDeps } from './deadlines.service.ts';
import { deadlinesTasks } from './deadlines.tasks.ts';

/** A case's deadlines and their reminders, built once (the shape: news.module.ts). */
export function deadlinesModule(platform: Pick<Platform, 'config' | 'db' | 'outbox' | 'worker'>) {
  const deps: DeadlinesDeps = { db: platform.db, mails: createDeadlineMails(platform.config, platform.outbox), now: platform.worker.now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(deadlinesRoutes, deps);
      await app.register(deadlinesAdminRoutes, deps);
    }),
    tasks: deadlinesTasks(deps),
  } satisfies FeatureModule;
}
