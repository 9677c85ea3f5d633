import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { todayRoutes } from './today.routes.ts';
import type { TodayDeps } from './today.service.ts';

/** The back office's "Hoy": each person's work, asked of the features that own it (the shape: news.module.ts; ADR 044). */
export function todayModule(platform: Pick<Platform, 'config' | 'db' | 'worker'>) {
  const deps: TodayDeps = { db: platform.db, openingHours: platform.config.firm.hours, now: platform.worker.now };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(todayRoutes, deps);
    }),
  } satisfies FeatureModule;
}
