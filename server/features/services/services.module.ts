import type { PageDataSource } from '#common/page-render.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { servicesAdminRoutes } from './services.admin.routes.ts';
import { servicesRoutes } from './services.routes.ts';
import { serviceCatalogue, type ServicesDeps } from './services.service.ts';

/** The service catalogue, built once (the shape: news.module.ts). */
export function servicesModule(platform: Pick<Platform, 'db'>) {
  const deps: ServicesDeps = { db: platform.db };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(servicesRoutes, deps);
      await app.register(servicesAdminRoutes, deps);
    }),
    /** What the server-rendered pages show of the catalogue. */
    pages: { serviceCatalogue: (language) => serviceCatalogue(deps, language) } satisfies Pick<PageDataSource, 'serviceCatalogue'>,
  } satisfies FeatureModule;
}
