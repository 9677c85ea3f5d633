import { z } from 'zod';
import { bookingSchema } from '#common/consultations/booking.contract.ts';
import { scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import { billingPartySchema } from '#common/billing/billing.contract.ts';
import { paymentMethods } from '#common/billing/billing-vocabulary.ts';
import { recipientFields } from '#common/billing/invoice-recipient.ts';
import { taxLegends, taxTreatments } from '#common/invoices/tax-rules.ts';
import { engagementAcceptanceSchema } from '#common/engagements/engagements.contract.ts';
import { invoiceLinkSchema } from '#common/invoices/invoices.contract.ts';
import { familyMembersSchema } from '#common/payments/family-package.contract.ts';
import { priceInclusionsSchema, serviceKindSchema } from '#common/services/services.contract.ts';

/**
 * The checkout call the earlier site made (docs/product/rules.md, hiring). Only `service.id` is used: the server re-reads the
 * service from the catalogue and takes the client from the session, so the title, price and type
 * a browser sends are never trusted.
 */
export const checkoutRequestSchema = z.object({
  service: z.object({
    id: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(100, 'validation:tooLong'),
    title: z.string().max(300, 'validation:tooLong').optional(),
    price: z.union([z.number(), z.string().max(50, 'validation:tooLong')]).optional(),
    type: serviceKindSchema.optional(),
  }),
  user: z.object({
    id: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(100, 'validation:tooLong'),
    email: z.string().max(254, 'validation:tooLong'),
  }),
  /** The slot and the way to meet, chosen before paying: required for the scheduled consultation only. */
  booking: bookingSchema.optional(),
  /** The quote this checkout pays, at the quote's price rather than the catalogue's (docs/product/rules.md, quotes). */
  quoteId: z.uuid('validation:invalid').optional(),
  /** Who the invoice is made out to; without it, the client with the NIE or passport of their profile. */
  billing: billingPartySchema.optional(),
  /** The family members a case includes besides the client (the family package); cases only. */
  familyMembers: familyMembersSchema.optional(),
  /** The engagement letter read and accepted before paying, with the early-start request: required, a checkout without it is refused. */
  engagement: engagementAcceptanceSchema,
}).refine((request) => request.service.id !== scheduledConsultationType || request.booking !== undefined, {
  message: 'booking:errors.slotRequired',
  path: ['booking'],
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Where the browser goes next: the provider's payment page. */
export const checkoutSessionSchema = z.object({ url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * What hiring a service costs this client now: the catalogue price, less the fee of a paid
 * consultation not yet deducted from a case (docs/product/rules.md), once.
 */
export const priceQuoteSchema = z.object({
  serviceId: z.string(),
  kind: serviceKindSchema,
  title: z.string(),
  priceCents: z.number().int(),
  creditedCents: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The family package's part, when the case includes members: how many, and what each adds (half the fee). */
  family: z.object({ members: z.number().int(), memberCents: z.number().int() }).optional(),
  /** What the service's price includes and leaves out, as the catalogue says it (none for a quote's own price). */
  inclusions: priceInclusionsSchema.optional(),
  /**
   * What the amount includes, by where the client lives and as whom they buy (common/invoices/tax-rules.ts):
   * IVA at 21 % within it, or none owed (the base only) with the legend the invoice prints, and the IRPF
   * a Spanish business withholds from it when the firm invoices as a professional.
   */
  tax: z.object({
    treatment: z.enum(taxTreatments),
    legend: z.enum(taxLegends).nullable(),
    vatCents: z.number().int(),
    withholdingPercent: z.number().int().nullable(),
    withholdingCents: z.number().int(),
  }),
  /** What the profile still lacks for a complete invoice: the client fills it in before paying (payments:recipient.*). */
  recipientMissing: z.array(z.enum(recipientFields)),
});
export type PriceQuote = z.infer<typeof priceQuoteSchema>;

export const serviceParamsSchema = z.object({ serviceId: z.string().trim().min(1).max(100) });

export const paymentStatuses = ['pending', 'paid', 'refunded', 'cancelled', 'expired', 'failed'] as const;

/** Who took a payment: Stripe, the built-in test provider, or the firm by hand (an offline payment). */
export const paymentProviders = ['stripe', 'test', 'offline'] as const;
const paymentStatusSchema = z.enum(paymentStatuses);

/** The built-in test provider's page: the checkout as the client will pay it, with the slot it holds for a booked consultation. */
export const testCheckoutSchema = priceQuoteSchema.extend({ status: paymentStatusSchema, booking: bookingSchema.optional() });
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testCheckoutParamsSchema = z.object({ sessionId: z.string().regex(/^test_[0-9a-f-]{36}$/, 'validation:invalid') });

/** One payment in the client's panel (docs/product/data-and-states.md). */
const paymentSchema = z.object({
  id: z.uuid(),
  serviceId: z.string(),
  serviceTitle: z.string(),
  amountCents: z.number().int(),
  creditedCents: z.number().int(),
  currency: z.string(),
  status: paymentStatusSchema,
  method: z.enum(paymentMethods),
  refundedCents: z.number().int(),
  /** Its invoice, and the rectifying invoices of its refunds. */
  invoices: z.array(invoiceLinkSchema),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListSchema = z.array(paymentSchema);

/** A payment as the admin's Pagos tab lists it, with who paid, how it was taken and what it opened (what a refund may cancel). */
export const adminPaymentRowSchema = paymentSchema.extend({
  client: z.object({ name: z.string(), email: z.string() }),
  provider: z.enum(paymentProviders),
  caseId: z.number().int().nullable(),
  consultationId: z.uuid().nullable(),
  /** When the client withdrew from the engagement letter accepted for it (the firm answers with a refund within 14 days). */
  withdrawnAt: z.string().nullable(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;
