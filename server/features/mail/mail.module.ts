import type { MailDeps } from '#server/platform/mail/mail.service.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { mailAdminRoutes } from './mail.admin.routes.ts';

/** The back office's view of failed mails; the outbox itself is the platform's (platform/mail). */
export function mailModule(platform: Pick<Platform, 'db' | 'worker'>) {
  const deps: Pick<MailDeps, 'db' | 'worker'> = { db: platform.db, worker: platform.worker };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(mailAdminRoutes, deps);
    }),
  } satisfies FeatureModule;
}
