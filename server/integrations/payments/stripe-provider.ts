import Stripe from 'stripe';
import type { StripeConfig } from '#server/config/env.ts';
import { InvalidWebhookError, PaymentProviderError, type PaymentEvent, type PaymentProvider } from './payment-provider.ts';

/** Stripe's events about a Checkout session, and what each means for our payment. */
const outcomes: Partial<Record<string, PaymentEvent['outcome']>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/**
 * Stripe Checkout, reached only through the SDK. Prices are sent as price_data built from our
 * catalogue at checkout, so no Stripe product or price has to be kept in step (docs/decisions/005).
 */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.api ?? {}),
  });

  return {
    kind: 'stripe',
    createCheckout: async (input) => {
      const metadata = { paymentId: input.paymentId, userId: input.userId, serviceId: input.serviceId };
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        customer_email: input.email,
        client_reference_id: input.userId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: input.amountCents,
              product_data: { name: input.title, ...(input.description ? { description: input.description } : {}) },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: input.language,
        ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
      };
      // The idempotency key makes a retried request answer the same session.
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${input.paymentId}` }).catch((error: unknown) => {
        // Stripe's errors carry its HTTP status; ours is a failure to take the payment, not the client's mistake.
        throw new PaymentProviderError(`Stripe refused the checkout session: ${(error as Error).message}`, { cause: error });
      });
      if (!session.url) throw new PaymentProviderError(`Stripe answered checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    readWebhook: async (rawBody, signature) => {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', config.webhookSecret);
      } catch (error) {
        throw new InvalidWebhookError((error as Error).message);
      }
      const outcome = outcomes[event.type];
      if (!outcome) return undefined;
      const session = event.data.object as Stripe.Checkout.Session;
      // A completed session whose payment is still on its way (a bank debit) is paid by a later event.
      if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return undefined;
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      return { sessionId: session.id, outcome, providerPaymentId: paymentIntent };
    },
    refund: async ({ payment, amountCents, refundId }) => {
      if (!payment.providerPaymentId) throw new PaymentProviderError(`payment ${payment.id} has no Stripe payment intent to refund`);
      const params: Stripe.RefundCreateParams = {
        payment_intent: payment.providerPaymentId,
        amount: amountCents,
        metadata: { paymentId: payment.id, refundId },
      };
      // The idempotency key makes a retried request give the money back once.
      const refund = await stripe.refunds.create(params, { idempotencyKey: `refund-${refundId}` }).catch((error: unknown) => {
        throw new PaymentProviderError(`Stripe refused the refund: ${(error as Error).message}`, { cause: error });
      });
      if (refund.status === 'failed' || refund.status === 'canceled') throw new PaymentProviderError(`Stripe answered refund ${refund.id} as ${refund.status}`);
      return { providerRefundId: refund.id };
    },
  };
}
