import { moduleRoutes, type FeatureModule } from '#server/platform/platform.ts';
import { seoRoutes } from './seo.routes.ts';

/** robots.txt and the sitemap (the shape: news.module.ts). */
export function seoModule() {
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(seoRoutes);
    }),
  } satisfies FeatureModule;
}
