import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { searchRoutes } from './search.routes.ts';
import type { SearchDeps } from './search.service.ts';

/** The back office's one search over clients, cases, invoices and quotes (the shape: news.module.ts). */
export function searchModule(platform: Pick<Platform, 'db'>) {
  const deps: SearchDeps = { db: platform.db };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(searchRoutes, deps);
    }),
  } satisfies FeatureModule;
}
