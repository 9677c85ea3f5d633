import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FeatureModule, Platform } from '#server/platform/platform.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import type { InvoicesReadDeps } from './invoices.service.ts';

/**
 * The invoices' routes, built once (the shape: news/news.module.ts): an invoice's PDF, for whoever
 * its payment's owner is (`paymentOwner`, the payments module's), and a year's billing records for
 * the staff who keep the accounts. The invoices themselves are issued
 * in a payment's transaction by fulfilment (fulfilment.module.ts), with the issuer `invoicing` builds.
 */
export function invoicesModule(platform: Pick<Platform, 'db' | 'config'>, needs: Pick<InvoicesReadDeps, 'paymentOwner'>) {
  const deps: InvoicesReadDeps = { db: platform.db, firm: platform.config.firm, paymentOwner: needs.paymentOwner };
  return {
    routes: fp(async (app: FastifyInstance) => {
      await app.register(invoicesRoutes, deps);
    }),
  } satisfies FeatureModule;
}
