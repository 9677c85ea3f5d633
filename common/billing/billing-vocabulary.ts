import type { PriceInclusions } from '#common/services/price-inclusions.ts';
/**
 * The words billing is written in, shared by the schema, the contracts and the screens: how a
 * payment was made, the invoice series, and what a refund does to what the payment opened.
 */

/** How the client paid: online through the provider, or at the firm as the admin recorded it. */
export const paymentMethods = ['card_online', 'bank_transfer', 'cash', 'bizum', 'card_office'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The methods an admin records by hand (an offline payment). */
export const offlinePaymentMethods = ['bank_transfer', 'cash', 'bizum', 'card_office'] as const satisfies readonly PaymentMethod[];

/** 'F' for ordinary invoices, 'R' for rectifying ones (a refund or a correction), each numbered on its own per year. */
export const invoiceSeries = ['F', 'R'] as const;
export type InvoiceSeries = (typeof invoiceSeries)[number];

/** What a refund means for the case or consultation the payment opened, asked of the admin every time. */
export const refundOutcomes = ['keep_open', 'cancel'] as const;

/** Who the invoice is made out to: the client in person, with a NIE, passport or NIF, or a company with its CIF. */
export const billingTaxIdKinds = ['nie', 'passport', 'nif', 'cif'] as const;
export type BillingTaxIdKind = (typeof billingTaxIdKinds)[number];

/**
 * The documents an invoice may name its buyer by: those above, a business's VAT number in another
 * member state ('vat', NIF-IVA), or a business's tax number outside the EU ('foreignTaxId').
 */
export const invoiceTaxIdKinds = [...billingTaxIdKinds, 'vat', 'foreignTaxId'] as const;
export type InvoiceTaxIdKind = (typeof invoiceTaxIdKinds)[number];

export type BillingParty = {
  name: string;
  taxIdKind: BillingTaxIdKind;
  taxId: string;
  address: string | null;
};

/** A family member included in a case (the family package): each one after the client costs half the firm's fee. */
export type FamilyMember = { name: string; relationship: string; passport: string };

/** One line of what a payment sold, as its invoice lists it in the client's language; amounts include IVA. */
export type InvoiceLineDraft =
  | { kind: 'service'; title: string; amountCents: number; inclusions?: PriceInclusions }
  | { kind: 'familyMember'; name: string; relationship: string; amountCents: number }
  | { kind: 'consultationCredit'; amountCents: number };

/** The kinds of event VeriFactu's event log records (Orden HAC/1177/2024, art. 9; decisions/054). */
export const verifactuEventTypes = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '90'] as const;
