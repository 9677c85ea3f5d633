import { moduleRoutes, type FeatureModule, type Platform } from '#server/platform/platform.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { invoicing } from './invoices.service.ts';

/** The invoices, built once (the shape: news/news.module.ts): their PDF's route, and what issues them in another feature's transaction. */
export function invoicesModule(platform: Pick<Platform, 'config' | 'outbox' | 'worker'>) {
  return {
    routes: moduleRoutes(async (app) => {
      await app.register(invoicesRoutes);
    }),
    /** What fulfilment issues a payment's invoices with, in the payment's transaction. */
    invoicing: invoicing(platform.config, platform.outbox, platform.worker.now),
  } satisfies FeatureModule;
}
