import { isValidCif, isValidNie, isValidNif } from '#common/auth/nie.ts';
import type { BuyerKind } from '#common/invoices/tax-rules.ts';
import { euCountries } from '#common/invoices/tax-rules.ts';
import type { InvoiceTaxIdKind } from './billing-vocabulary.ts';

/**
 * What a complete invoice needs of its recipient before the client pays (Real Decreto 1619/2012,
 * art. 6): a name, an identity or tax number (NIE, or a passport for a foreigner without one; a
 * business's tax number) and an address; and, for its IVA, where they live and as whom they buy.
 */
export type RecipientFacts = {
  nie: string | null;
  passportNumber: string | null;
  address: string | null;
  residenceCountry: string | null;
  buyerKind: BuyerKind | null;
  businessName: string | null;
  businessTaxId: string | null;
};

/** The profile's fields a payment may wait for, named as the profile form names them (payments:recipient.fields.*). */
export const recipientFields = ['identity', 'address', 'residenceCountry', 'buyerKind', 'businessName', 'businessTaxId'] as const;
export type RecipientField = (typeof recipientFields)[number];

/** What is missing from the profile for a complete invoice; empty when nothing is. */
export function missingForInvoice(facts: RecipientFacts): RecipientField[] {
  const missing: RecipientField[] = [];
  if (!facts.buyerKind) missing.push('buyerKind');
  if (facts.buyerKind !== 'business' && !facts.nie && !facts.passportNumber) missing.push('identity');
  if (facts.buyerKind === 'business' && !facts.businessName) missing.push('businessName');
  if (facts.buyerKind === 'business' && !facts.businessTaxId) missing.push('businessTaxId');
  if (!facts.address) missing.push('address');
  if (!facts.residenceCountry) missing.push('residenceCountry');
  return missing;
}

/** The VAT number's prefix of a member state: its ISO code, but Greece's, which is EL. */
const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * Which kind of tax number a business gives, by where it is established, or null when it is not
 * one: in Spain a CIF or, for a self-employed professional, a NIF or NIE; elsewhere in the EU its
 * VAT number with the state's prefix (the one the reverse charge needs); outside the EU, its own
 * country's number as given.
 */
export function businessTaxIdKind(country: string, taxId: string): InvoiceTaxIdKind | null {
  if (country === 'ES') return isValidCif(taxId) ? 'cif' : isValidNif(taxId) || isValidNie(taxId) ? 'nif' : null;
  if ((euCountries as readonly string[]).includes(country)) return new RegExp(`^${vatPrefix(country)}[0-9A-Z]{2,13}$`).test(taxId) ? 'vat' : null;
  return /^[0-9A-Z]{3,30}$/.test(taxId) ? 'foreignTaxId' : null;
}
