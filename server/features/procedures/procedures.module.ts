import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { proceduresAdminRoutes } from './procedures.admin.routes.ts';
import { proceduresRoutes } from './procedures.routes.ts';
import type { ProceduresDeps } from './procedures.service.ts';

/** The procedures the firm offers, edited in the back office (the shape: news.module.ts). */
export function proceduresModule(platform: Pick<Platform, 'db'>) {
  const deps: ProceduresDeps = { db: platform.db };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(proceduresRoutes, deps);
      await app.register(proceduresAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
