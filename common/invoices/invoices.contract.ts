import { z } from 'zod';
import { billingTaxIdKinds, invoiceSeries, paymentMethods } from '#common/billing/billing-vocabulary.ts';
import { languages } from '#common/i18n/languages.ts';

/**
 * Everything an invoice says, frozen when it is issued: the PDF is drawn from it and its hash is
 * taken over it. Amounts are integer cents and include IVA, except the base and the IVA themselves.
 */
export const invoiceContentSchema = z.object({
  number: z.string(),
  series: z.enum(invoiceSeries),
  issuedAt: z.string(),
  language: z.enum(languages),
  seller: z.object({ legalName: z.string(), taxId: z.string(), address: z.string() }),
  buyer: z.object({
    name: z.string(),
    taxIdKind: z.enum(billingTaxIdKinds).nullable(),
    taxId: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string(),
  }),
  lines: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
  baseCents: z.number().int(),
  vatRatePercent: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  paymentMethod: z.enum(paymentMethods),
  /** What a rectifying invoice corrects, and why. */
  rectifies: z.object({ number: z.string(), issuedAt: z.string(), reason: z.string() }).nullable(),
});
export type InvoiceContent = z.infer<typeof invoiceContentSchema>;

/** An invoice as a payment row names it: enough to show and download it. */
export const invoiceLinkSchema = z.object({ id: z.uuid(), number: z.string() });
export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

export const invoiceParamsSchema = z.object({ id: z.uuid('validation:invalid') });
