import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FeatureModule, Platform } from '#server/platform/platform.ts';
import { createAgencyClient } from '#server/integrations/verifactu/agency-client.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { agencyEnvironment, type InvoicesReadDeps } from './invoices.service.ts';
import { invoicesTasks } from './invoices.tasks.ts';

/**
 * The invoices' routes, built once (the shape: news/news.module.ts): an invoice's PDF, for whoever
 * its payment's owner is (`paymentOwner`, the payments module's), and a year's billing records for
 * the staff who keep the accounts. The invoices themselves are issued
 * in a payment's transaction by fulfilment (fulfilment.module.ts), with the issuer `invoicing` builds.
 */
export function invoicesModule(platform: Pick<Platform, 'db' | 'config' | 'log' | 'worker'>, needs: Pick<InvoicesReadDeps, 'paymentOwner'>) {
  const { db, config, log, worker } = platform;
  const deps: InvoicesReadDeps = { db, firm: config.firm, sentTo: agencyEnvironment(config), now: worker.now, paymentOwner: needs.paymentOwner };
  // With the firm's certificate the records are sent to the agency (VERI*FACTU); without, they are kept (decisions/054).
  const sending = config.verifactu ? { db, firm: config.firm, agency: createAgencyClient(config.verifactu), now: worker.now, log } : undefined;
  return {
    tasks: invoicesTasks(sending, { db, firm: config.firm, now: worker.now }),
    routes: fp(async (app: FastifyInstance) => {
      await app.register(invoicesRoutes, deps);
    }),
  } satisfies FeatureModule;
}
