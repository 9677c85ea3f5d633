import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { agendaRoutes } from './agenda.routes.ts';
import type { AgendaDeps, ScheduledCalls } from './agenda.service.ts';
import { firmHoursAdminRoutes } from './firm-hours.admin.routes.ts';
import type { FirmHoursDeps } from './firm-hours.service.ts';

/**
 * The firm's agenda, built once (the shape: news/news.module.ts): its events and hours, and the
 * consultations' calls it shows, read through `scheduledCalls` (the consultations module's), since
 * the consultations feature books on the agenda and the agenda does not import it back.
 */
export function agendaModule(platform: Pick<Platform, 'config' | 'db'>, needs: { scheduledCalls: ScheduledCalls }) {
  const deps: AgendaDeps = { db: platform.db, scheduledCalls: needs.scheduledCalls };
  const hours: FirmHoursDeps = { db: platform.db, openingHours: platform.config.firm.hours };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(agendaRoutes, deps);
      await app.register(firmHoursAdminRoutes, hours);
    }),
  } satisfies FeatureModule;
}
