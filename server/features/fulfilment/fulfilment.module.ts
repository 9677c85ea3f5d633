import type { FeatureModule, Platform } from '#server/platform/platform.ts';
import { purchaseFulfilment, type FulfilmentDeps } from './fulfilment.service.ts';

/**
 * What a paid payment hands over to, built once (the shape: news/news.module.ts) from what the
 * cases, consultations and invoices modules built: it has no routes nor tasks of its own, and
 * app.ts hands `fulfilment` to the payments module.
 */
export function fulfilmentModule(platform: Pick<Platform, 'log' | 'worker'>, needs: Pick<FulfilmentDeps, 'cases' | 'booking' | 'invoicing'>) {
  return { fulfilment: purchaseFulfilment({ log: platform.log, now: platform.worker.now, ...needs }) } satisfies FeatureModule;
}
