import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { orphanSweepPlugin } from './orphan-sweep.plugin.ts';
import type { OrphanSweepDeps } from './orphan-sweep.service.ts';
import { uploadsTasks } from './uploads.tasks.ts';

/** The sweep of stored files no row names: at start-up (a plugin with no route) and daily (the shape: news.module.ts). */
export function uploadsModule(platform: Pick<Platform, 'db' | 'storage' | 'log' | 'worker'>) {
  const deps: OrphanSweepDeps = { db: platform.db, storage: platform.storage, log: platform.log, now: platform.worker.now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(orphanSweepPlugin, deps);
    }),
    tasks: uploadsTasks(deps),
  } satisfies FeatureModule;
}
