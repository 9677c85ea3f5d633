import { resolveAuthSecret } from '#server/config/secret.ts';
import { resolveVapidKeys } from '#server/config/vapid-keys.ts';
import { createPushSender } from '#server/integrations/push/push-sender.ts';
import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { notificationPreferencesRoutes, pushSubscriptionRoutes, unsubscribeRoutes } from './notifications.routes.ts';
import { createPushDelivery } from './notifications.service.ts';

/**
 * How the client hears from the firm: their choices on /perfil, the mails' unsubscribe links (ADR
 * 055), and the browsers' notifications, sent by the worker with the server's VAPID keys (ADR 059;
 * the shape: news.module.ts).
 */
export function notificationsModule(platform: Pick<Platform, 'config' | 'db' | 'worker' | 'log'>) {
  const deps = { db: platform.db, secret: resolveAuthSecret(platform.config) };
  const keys = resolveVapidKeys(platform.config);
  platform.worker.addJob(createPushDelivery({ db: platform.db, sender: createPushSender({ keys, subject: `mailto:${platform.config.firm.email}` }), log: platform.log }));
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(notificationPreferencesRoutes, deps);
      await app.register(pushSubscriptionRoutes, { db: platform.db, publicKey: keys.publicKey, pushServiceHosts: platform.config.pushServiceHosts });
      await app.register(unsubscribeRoutes, deps);
    }),
  } satisfies FeatureModule;
}
