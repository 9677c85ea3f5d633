import { requiredTextSchema } from '#common/intake/fields.ts';
import { z } from 'zod';
import { invoiceSeries, invoiceTaxIdKinds, paymentMethods } from '#common/billing/billing-vocabulary.ts';
import { languages } from '#common/i18n/languages.ts';
import { buyerKinds, taxLegends, taxTreatments } from './tax-rules.ts';

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
    taxIdKind: z.enum(invoiceTaxIdKinds).nullable(),
    taxId: z.string().nullable(),
    address: z.string().nullable(),
    /** Where the buyer lives or is established (ISO 3166-1 alpha-2), and as whom they buy; absent on invoices issued before they were asked. */
    country: z.string().optional(),
    kind: z.enum(buyerKinds).optional(),
    email: z.string(),
  }),
  /** `detail`: what the service's price included and left out, as the catalogue said it when it was bought (common/services/price-terms.ts). */
  lines: z.array(z.object({ description: z.string(), amountCents: z.number().int(), detail: z.string().optional() })),
  baseCents: z.number().int(),
  vatRatePercent: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  paymentMethod: z.enum(paymentMethods),
  /**
   * How IVA applies (common/invoices/tax-rules.ts): its treatment, the legend it prints, and the IRPF
   * the client withholds; absent on invoices issued before the rules, all taxed at 21 %.
   */
  tax: z
    .object({
      treatment: z.enum(taxTreatments),
      legend: z.enum(taxLegends).nullable(),
      withholdingPercent: z.number().int().nullable(),
      withholdingCents: z.number().int(),
      payableCents: z.number().int(),
    })
    .optional(),
  /** What a rectifying invoice corrects, and why. */
  rectifies: z.object({ number: z.string(), issuedAt: z.string(), reason: z.string() }).nullable(),
});
export type InvoiceContent = z.infer<typeof invoiceContentSchema>;

/** An invoice as a payment row names it: enough to show and download it. */
export const invoiceLinkSchema = z.object({ id: z.uuid(), number: z.string() });
export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

export const invoiceParamsSchema = z.object({ id: z.uuid('validation:invalid') });

/** Why the firm cancels an invoice's billing record as made in error (kept in the audit log). */
export const invoiceCancellationSchema = z.object({ reason: requiredTextSchema(500) });
export type InvoiceCancellation = z.infer<typeof invoiceCancellationSchema>;

/** The cancellation record made: of which invoice, and its fingerprint. */
export const invoiceCancelledSchema = z.object({ number: z.string(), fingerprint: z.string() });

/** Which year's billing records to export: the firm's calendar year of the invoices. */
export const billingRecordsQuerySchema = z.object({
  year: z.coerce.number({ error: 'validation:invalid' }).int('validation:invalid').min(2000, 'validation:invalid').max(2999, 'validation:invalid'),
});
