import { randomUUID } from 'node:crypto';
import { localizedPath } from '#common/site-addresses.ts';
import { InvalidWebhookError, type PaymentProvider } from './payment-provider.ts';

/**
 * The built-in provider for laptops, tests and demos: the checkout is the site's own /checkout page,
 * whose 'Pagar' and 'Cancelar' buttons report the outcome the way a provider's webhook would
 * (payments.routes.ts). It has no webhook of its own, so every delivery to the webhook is refused,
 * and its refunds give back nothing but are recorded like Stripe's.
 */
export function createTestProvider(appUrl: string): PaymentProvider {
  return {
    kind: 'test',
    createCheckout: async ({ language }) => {
      const sessionId = `test_${randomUUID()}`;
      return { sessionId, url: `${appUrl}${localizedPath('/checkout', language)}?session=${sessionId}` };
    },
    readWebhook: async () => {
      throw new InvalidWebhookError('the test provider sends no webhooks');
    },
    // No card was charged: the refund is only our own record of it.
    refund: async ({ refundId }) => ({ providerRefundId: `test_refund_${refundId}` }),
  };
}
