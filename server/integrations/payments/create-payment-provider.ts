import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config/env.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createTestProvider } from './test-provider.ts';

/**
 * Stripe Checkout when STRIPE_SECRET_KEY is set; the built-in test provider where it is allowed
 * (said loudly in production); otherwise none: hiring answers that online payment is not set up.
 * Stripe's SDK is loaded only when it is used.
 */
export async function createPaymentProvider(
  config: Pick<AppConfig, 'env' | 'appUrl' | 'payments'>,
  log: FastifyBaseLogger,
): Promise<PaymentProvider | undefined> {
  if (config.payments.stripe) return (await import('./stripe-provider.ts')).createStripeProvider(config.payments.stripe);
  if (!config.payments.isTestProviderAllowed) {
    log.warn('ONLINE PAYMENTS ARE OFF: STRIPE_SECRET_KEY is not set. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments.');
    return undefined;
  }
  if (config.env === 'production') {
    log.warn(
      'PAYMENTS RUN IN TEST MODE: STRIPE_SECRET_KEY is not set, so no card is charged and the /checkout test page completes any payment. ' +
        'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.',
    );
  }
  return createTestProvider(config.appUrl);
}
