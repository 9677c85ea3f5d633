import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthDeps } from '#server/features/auth/auth.service.ts';
import type { FeatureModule, Platform } from '#server/platform/platform.ts';
import { paymentsAdminRoutes } from './payments.admin.routes.ts';
import { createPaymentMails } from './payments.mails.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { checkoutPrice, paymentOwner, type PaymentsDeps } from './payments.service.ts';
import { paymentsTasks } from './payments.tasks.ts';
import type { PurchaseFulfilment } from './purchase-fulfilment.ts';

type CheckoutPriceArgs = Parameters<typeof checkoutPrice>;

/**
 * The payments, built once (the shape: news/news.module.ts): checkouts, their settlement, refunds
 * and offline payments. What a payment buys is reached only through `fulfilment`
 * (purchase-fulfilment.ts), which the fulfilment module builds and app.ts hands in.
 */
export function paymentsModule(
  platform: Pick<Platform, 'config' | 'db' | 'log' | 'outbox' | 'payments' | 'worker'>,
  needs: { auth: AuthDeps['auth']; fulfilment: PurchaseFulfilment },
) {
  const { config, db, log, outbox, payments, worker } = platform;
  const deps: PaymentsDeps = {
    db,
    auth: needs.auth,
    provider: payments,
    mails: createPaymentMails(config, outbox),
    appUrl: config.appUrl,
    log,
    now: worker.now,
    fulfilment: needs.fulfilment,
    tax: config.tax,
  };
  return {
    routes: fp(async (app: FastifyInstance) => {
      await app.register(paymentsRoutes, deps);
      await app.register(paymentsAdminRoutes, deps);
    }),
    tasks: paymentsTasks(deps),
    /** Whose a payment is, for the invoices' PDF route. */
    paymentOwner: (paymentId: string) => paymentOwner(deps, paymentId),
    /** What a checkout would charge, for the engagement letter read before it. */
    checkoutPrice: (user: CheckoutPriceArgs[1], request: CheckoutPriceArgs[2], language: CheckoutPriceArgs[3]) => checkoutPrice(deps, user, request, language),
  } satisfies FeatureModule;
}
