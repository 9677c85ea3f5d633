import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { filingPacksAdminRoutes } from './filing-packs.admin.routes.ts';
import type { FilingPacksDeps } from './filing-packs.service.ts';
import { filingPacksTasks } from './filing-packs.tasks.ts';

/** A case's filing packs for the administration's registry, and their retention, built once (the shape: news.module.ts). */
export function filingPacksModule(platform: Pick<Platform, 'config' | 'db' | 'log' | 'storage' | 'worker'>) {
  const deps: FilingPacksDeps = { db: platform.db, storage: platform.storage, now: platform.worker.now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(filingPacksAdminRoutes, deps);
    }),
    tasks: filingPacksTasks({ ...deps, log: platform.log, documentMonths: platform.config.retention.documentMonths }),
  } satisfies FeatureModule;
}
