// Kept apart from the zod contract: the site's route table needs these without loading zod up front.

/** Where a finished checkout sends the client back to: the payment result page. */
export const paymentResultPath = '/pago';
export const paymentResults = { success: 'success', cancelled: 'cancelled' } as const;

/** What was just bought, carried back with a paid result so the panel opens its tab and points at it. */
export type Purchase = { kind: 'consultation' | 'case'; serviceId: string };

/** The query of a paid result: '?payment=success&kind=consultation&service=8'. */
export function paidResultSearch({ kind, serviceId }: Purchase): string {
  return `?${new URLSearchParams({ payment: paymentResults.success, kind, service: serviceId })}`;
}

/** The purchase a paid result (or the panel it leads to) names, if it names one. */
export function purchaseFrom(search: URLSearchParams): Purchase | null {
  const kind = search.get('kind');
  const serviceId = search.get('service');
  return (kind === 'consultation' || kind === 'case') && serviceId ? { kind, serviceId } : null;
}
