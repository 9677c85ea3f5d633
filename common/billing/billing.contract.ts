import { z } from 'zod';
import { passportPattern } from '#common/auth/auth.contract.ts';
import { isValidCif, isValidNie, isValidNif } from '#common/auth/nie.ts';
import { billingTaxIdKinds, type BillingTaxIdKind } from './billing-vocabulary.ts';

const taxIdChecks: Record<BillingTaxIdKind, (value: string) => boolean> = {
  nie: isValidNie,
  passport: (value) => passportPattern.test(value),
  nif: isValidNif,
  cif: isValidCif,
};

/**
 * Who the invoice is made out to, given before paying: the client in person with a NIE, passport or
 * NIF, or a company with its CIF and address.
 */
export const billingPartySchema = z
  .object({
    name: z.string().trim().min(1, 'validation:required').max(200, 'validation:tooLong'),
    taxIdKind: z.enum(billingTaxIdKinds, 'validation:invalid'),
    taxId: z
      .string()
      .max(30, 'validation:tooLong')
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase()),
    address: z
      .string()
      .trim()
      .max(300, 'validation:tooLong')
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((party, context) => {
    if (!taxIdChecks[party.taxIdKind](party.taxId)) context.addIssue({ code: 'custom', path: ['taxId'], message: `payments:billing.invalid.${party.taxIdKind}` });
    if (party.taxIdKind === 'cif' && !party.address) context.addIssue({ code: 'custom', path: ['address'], message: 'validation:required' });
  });
