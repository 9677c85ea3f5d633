import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { clientsRoutes } from './clients.routes.ts';
import type { ClientsDeps } from './clients.service.ts';

/** The back office's list of clients (the shape: news.module.ts). */
export function adminModule(platform: Pick<Platform, 'db'>) {
  const deps: ClientsDeps = { db: platform.db };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(clientsRoutes, deps);
    }),
  } satisfies FeatureModule;
}
