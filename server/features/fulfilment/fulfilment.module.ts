import { engagementTerms } from '#server/features/engagements/engagements.service.ts';
import { invoicing } from '#server/features/invoices/invoices.service.ts';
import type { FeatureModule, Platform } from '#server/platform/platform.ts';
import { purchaseFulfilment, type FulfilmentDeps } from './fulfilment.service.ts';

/**
 * What a paid payment hands over to, built once (the shape: news/news.module.ts) from what the
 * cases and consultations modules built and the invoices' issuer: it has no routes nor tasks of its
 * own, and app.ts hands `fulfilment` to the payments module.
 */
export function fulfilmentModule(platform: Pick<Platform, 'config' | 'log' | 'outbox' | 'storage' | 'worker'>, needs: Pick<FulfilmentDeps, 'cases' | 'booking'>) {
  const { config, log, outbox, storage, worker } = platform;
  return { fulfilment: purchaseFulfilment({ log, now: worker.now, storage, invoicing: invoicing(config, outbox, worker.now), engagements: engagementTerms(config, outbox, worker.now), ...needs }) } satisfies FeatureModule;
}
