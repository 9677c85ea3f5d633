import { moduleRoutes, type FeatureModule } from '#server/platform/platform.ts';
import { pwaRoutes } from './pwa.routes.ts';

/** The web app manifest and the offline page (the shape: news.module.ts). */
export function pwaModule() {
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(pwaRoutes);
    }),
  } satisfies FeatureModule;
}
