import type { AuthDeps } from '#server/features/auth/auth.service.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { staffAdminRoutes } from './staff.admin.routes.ts';
import { createStaffMails } from './staff.mails.ts';
import { staffRoutes } from './staff.routes.ts';
import type { StaffDeps } from './staff.service.ts';

/** The firm's staff: the owner's invitations, role changes and deactivations, and the invitation's link. */
export function staffModule(platform: Pick<Platform, 'config' | 'db' | 'outbox' | 'worker'>, { auth }: { auth: AuthDeps['auth'] }) {
  const deps: StaffDeps = { db: platform.db, auth, mails: createStaffMails(platform.config, platform.outbox), now: () => platform.worker.now() };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(staffRoutes, deps);
      await app.register(staffAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
