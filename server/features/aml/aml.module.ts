import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { amlAdminRoutes } from './aml.admin.routes.ts';
import { amlRoutes } from './aml.routes.ts';
import { checkStageMove, type AmlDeps } from './aml.service.ts';
import { amlTasks } from './aml.tasks.ts';

/** The identification property work asks under Ley 10/2010, built once (the shape: news/news.module.ts). */
export function amlModule(platform: Pick<Platform, 'db' | 'log' | 'storage' | 'worker'>) {
  const deps: AmlDeps = { db: platform.db, storage: platform.storage, log: platform.log, now: platform.worker.now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(amlRoutes, deps);
      await app.register(amlAdminRoutes, deps);
    }),
    tasks: amlTasks(deps),
    /** For the cases: a case that asks identification starts its work only once it is accepted. */
    checkStageMove: (caseRow: { id: number; serviceId: string | null }, stage: Parameters<typeof checkStageMove>[2]) => checkStageMove(deps, caseRow, stage),
  } satisfies FeatureModule;
}
