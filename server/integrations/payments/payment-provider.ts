import type { Language } from '#common/i18n/languages.ts';
// What the payments feature needs of a card payment provider. stripe-provider.ts and
// test-provider.ts implement it; create-payment-provider.ts picks one from the configuration.

type CheckoutInput = {
  /** Our payment's id, carried in the provider's metadata. */
  paymentId: string;
  userId: string;
  email: string;
  serviceId: string;
  /** The line the client sees on the provider's page, and what was deducted from the price. */
  title: string;
  description: string | undefined;
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** The client's language: the provider's page speaks it (the test provider's page is at its address). */
  language: Language;
  /** When the checkout stops taking the payment (a held consultation slot's end); the provider's default otherwise. */
  expiresAt?: Date | undefined;
};

/** What a provider says about one of its checkout sessions; a paid one names the charge a refund is made against. */
export type PaymentEvent = { sessionId: string; outcome: 'paid' | 'expired' | 'failed' | 'cancelled'; providerPaymentId?: string | undefined };

type RefundInput = {
  /** The payment given back, and the provider's charge it was settled with (Stripe's payment intent). */
  payment: { id: string; providerPaymentId: string | null };
  amountCents: number;
  /** Our refund's id: a request repeated with it gives back the money once. */
  refundId: string;
};

/** The provider could not be reached or refused a request: a checkout answers it as a 500, a refund as a 502 saying so. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
}

export type PaymentProvider = {
  kind: 'stripe' | 'test';
  /** Makes a checkout session and answers where the client pays it. */
  createCheckout: (input: CheckoutInput) => Promise<{ sessionId: string; url: string }>;
  /**
   * Checks a webhook delivery (raw body and signature header) and reads it: the event, or undefined
   * for kinds we do not act on. Throws InvalidWebhookError when the signature does not hold.
   */
  readWebhook: (rawBody: Buffer, signature: string | undefined) => Promise<PaymentEvent | undefined>;
  /**
   * Gives back part or all of a settled payment and answers the provider's id of the refund.
   * Throws PaymentProviderError when the provider cannot be reached or refuses it.
   */
  refund: (input: RefundInput) => Promise<{ providerRefundId: string }>;
};
