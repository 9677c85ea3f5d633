import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { Booking } from '#common/consultations/booking.contract.ts';
import type { CheckoutRequest, CheckoutSession } from '#common/payments/payments.contract.ts';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

/** What a page adds to a checkout besides the service: who the invoice is made out to, for one. */
export type CheckoutExtras = Partial<Omit<CheckoutRequest, 'service' | 'user' | 'booking'>>;

/**
 * Hiring: the checkout call of docs/product/rules.md (hiring), with the slot and way to meet of a
 * scheduled consultation and the page's extras. The server re-reads the service from its catalogue;
 * the browser then goes to the provider's payment page.
 */
export function useStartCheckout(meta?: FeedbackMeta) {
  return useMutation({
    meta,
    mutationFn: ({ offer, user, booking, extras }: { offer: ServiceOffer; user: SessionUser; booking?: Booking; extras?: CheckoutExtras }) =>
      api<CheckoutSession>('/api/payments/checkout', {
        method: 'POST',
        body: JSON.stringify({
          service: { id: offer.id, title: offer.title, price: offer.priceCents, type: offer.kind },
          user: { id: user.id, email: user.email },
          ...(booking ? { booking } : {}),
          ...extras,
        }),
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
