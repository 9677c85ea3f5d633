import { resolveAuthSecret } from '#server/config/secret.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { notificationPreferencesRoutes, unsubscribeRoutes } from './notifications.routes.ts';

/** How the client hears from the firm: their choices on /perfil and the mails' unsubscribe links (ADR 055; the shape: news.module.ts). */
export function notificationsModule(platform: Pick<Platform, 'config' | 'db'>) {
  const deps = { db: platform.db, secret: resolveAuthSecret(platform.config) };
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(notificationPreferencesRoutes, deps);
      await app.register(unsubscribeRoutes, deps);
    }),
  } satisfies FeatureModule;
}
