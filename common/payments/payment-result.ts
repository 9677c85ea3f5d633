// Kept apart from the zod contract: the site's route table needs these without loading zod up front.

/** Where a finished checkout sends the client back to: the payment result page. */
export const paymentResultPath = '/pago';
export const paymentResults = { success: 'success', cancelled: 'cancelled' } as const;
