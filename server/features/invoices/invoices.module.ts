import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FeatureModule, Platform } from '#server/platform/platform.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import type { InvoicePdfDeps } from './invoices.service.ts';

/**
 * The invoices' route, built once (the shape: news/news.module.ts): an invoice's PDF, for whoever
 * its payment's owner is (`paymentOwner`, the payments module's). The invoices themselves are issued
 * in a payment's transaction by fulfilment (fulfilment.module.ts), with the issuer `invoicing` builds.
 */
export function invoicesModule(platform: Pick<Platform, 'db'>, needs: Pick<InvoicePdfDeps, 'paymentOwner'>) {
  const deps: InvoicePdfDeps = { db: platform.db, paymentOwner: needs.paymentOwner };
  return {
    routes: fp(async (app: FastifyInstance) => {
      await app.register(invoicesRoutes, deps);
    }),
  } satisfies FeatureModule;
}
