import { moduleRoutes, type FeatureModule } from '#server/platform/platform.ts';
import { setupAdminRoutes } from './setup.admin.routes.ts';

/** The back office's setup check (the shape: news.module.ts); its watch of every request needs it registered first. */
export function setupModule() {
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(setupAdminRoutes);
    }),
  } satisfies FeatureModule;
}
