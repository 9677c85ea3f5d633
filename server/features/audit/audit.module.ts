import { namesOfConsultations } from '#server/features/consultations/consultations.admin.service.ts';
import type { AuditPageDeps } from '#server/platform/audit/audit.service.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { auditRoutes } from './audit.routes.ts';

/** The back office's reading of the audit log; the log itself is the platform's (platform/audit). */
export function auditModule(platform: Pick<Platform, 'db'>) {
  const deps: AuditPageDeps = { db: platform.db, consultationNames: (ids) => namesOfConsultations(platform, ids) };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(auditRoutes, deps);
    }),
  } satisfies FeatureModule;
}
