import type { AuthDeps } from '#server/features/auth/auth.service.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { accountDeletionRoutes } from './account-deletion.routes.ts';
import { dataExportRoutes } from './data-export.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import { ownProfile } from './profile.service.ts';

/**
 * A person's own account: profile, data export and deletion (the shape: news.module.ts). Each
 * route adds the request's logger to these deps, so what the services log carries the request's id.
 */
export function profileModule(platform: Pick<Platform, 'db' | 'storage' | 'worker'>, needs: Pick<AuthDeps, 'auth'>) {
  const { db, storage } = platform;
  const now = platform.worker.now;
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(profileRoutes, { auth: needs.auth, db });
      await app.register(dataExportRoutes, { db, storage, now });
      await app.register(accountDeletionRoutes, { auth: needs.auth, db, storage, now });
    }),
    /** A client's profile, which the firm's case page shows. */
    clientProfile: (userId: string) => ownProfile({ db }, userId),
  } satisfies FeatureModule;
}
