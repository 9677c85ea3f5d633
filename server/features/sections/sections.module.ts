import type { PageDataSource } from '#common/page-render.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { sectionsAdminRoutes } from './sections.admin.routes.ts';
import { sectionsRoutes } from './sections.routes.ts';
import { sectionPage, type SectionPageDeps } from './sections.service.ts';

/** The section pages, built once (the shape: news.module.ts). */
export function sectionsModule(platform: Pick<Platform, 'db' | 'config'>) {
  const deps: SectionPageDeps = { db: platform.db, firm: platform.config.firm, appUrl: platform.config.appUrl };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(sectionsRoutes, deps);
      await app.register(sectionsAdminRoutes, deps);
    }),
    /** What the server-rendered pages show of a section. */
    pages: { sectionPage: (id, language) => sectionPage(deps, id, language) } satisfies Pick<PageDataSource, 'sectionPage'>,
  } satisfies FeatureModule;
}
