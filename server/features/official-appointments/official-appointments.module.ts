import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { createOfficialAppointmentMails } from './official-appointments.mails.ts';
import { officialAppointmentsAdminRoutes } from './official-appointments.admin.routes.ts';
import { officialAppointmentsRoutes } from './official-appointments.routes.ts';
import type { OfficialAppointmentsDeps } from './official-appointments.service.ts';
import { officialAppointmentsTasks } from './official-appointments.tasks.ts';

/** A case's appointments with the administration and their reminders, built once (the shape: news.module.ts). */
export function officialAppointmentsModule(platform: Pick<Platform, 'config' | 'db' | 'outbox' | 'worker'>) {
  const deps: OfficialAppointmentsDeps = { db: platform.db, mails: createOfficialAppointmentMails(platform.config, platform.outbox), now: platform.worker.now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(officialAppointmentsRoutes, deps);
      await app.register(officialAppointmentsAdminRoutes, deps);
    }),
    tasks: officialAppointmentsTasks(deps),
  } satisfies FeatureModule;
}
