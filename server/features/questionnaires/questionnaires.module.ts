import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { questionnairesAdminRoutes } from './questionnaires.admin.routes.ts';
import { questionnairesRoutes } from './questionnaires.routes.ts';
import type { QuestionnairesDeps } from './questionnaires.service.ts';

/** The procedures' questionnaires, a case's versioned answers and its data sheet, built once (the shape: news.module.ts). */
export function questionnairesModule(platform: Pick<Platform, 'db'>, needs: Pick<QuestionnairesDeps, 'clientProfile'>) {
  const deps: QuestionnairesDeps = { db: platform.db, clientProfile: needs.clientProfile };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(questionnairesRoutes, deps);
      await app.register(questionnairesAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
