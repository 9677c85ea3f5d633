import { moduleRoutes, type FeatureModule } from '#server/platform/platform.ts';
import { healthRoutes } from './health.routes.ts';

/** The readiness answer (the shape: news.module.ts); it asks the database itself, so it builds nothing. */
export function healthModule() {
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(healthRoutes);
    }),
  } satisfies FeatureModule;
}
