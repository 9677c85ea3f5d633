import { z } from 'zod';
import { passportPattern } from '#common/auth/auth.contract.ts';
import { isValidNie, isValidNif } from '#common/auth/nie.ts';
import { billingTaxIdKinds, type BillingTaxIdKind } from './billing-vocabulary.ts';

const cifPattern = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/;

/**
 * A Spanish company's tax number (CIF): its letter, seven digits and a control that is a digit or a
 * letter (only a letter for public bodies and foreign entities, only a digit for companies).
 */
function isValidCif(value: string): boolean {
  const match = cifPattern.exec(value);
  if (!match) return false;
  const [, kind = '', digits = '', control = ''] = match;
  const sum = [...digits].reduce((total, char, index) => {
    const digit = Number(char);
    if (index % 2 === 1) return total + digit;
    const doubled = digit * 2;
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  const checkDigit = (10 - (sum % 10)) % 10;
  const checkLetter = 'JABCDEFGHI'[checkDigit];
  if ('PQRSNW'.includes(kind)) return control === checkLetter;
  if ('ABEH'.includes(kind)) return control === String(checkDigit);
  return control === String(checkDigit) || control === checkLetter;
}

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
