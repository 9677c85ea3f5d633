import { z } from 'zod';
import { passportPattern } from '#common/auth/auth.contract.ts';
import { requiredTextSchema } from '#common/intake/fields.ts';
import { familyPackageDiscount } from '#common/services/offers.ts';

/**
 * The family package (docs/product/rules.md): a case may include family members besides the client,
 * each at half the firm's fee; official fees are paid apart, per person.
 */

/** How a member is related to the client; the words are in the family-package catalog. */
export const familyRelationships = ['spouse', 'child', 'parent', 'other'] as const;

/** The most members one case includes besides the client. */
export const maxFamilyMembers = 8;

/** What each member adds to a case's price: the firm's fee times the discount, to the cent. */
export function familyMemberCents(priceCents: number): number {
  return Math.round(priceCents * familyPackageDiscount);
}

/** One member as the client gives them before paying: the passport is kept without spaces or dashes, in capitals. */
const familyMemberSchema = z.object({
  name: requiredTextSchema(200),
  relationship: z.enum(familyRelationships, { error: 'validation:required' }),
  passport: z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, 'validation:required')
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(passportPattern, 'family-package:errors.passport')),
});

export const familyMembersSchema = z
  .array(familyMemberSchema, { error: 'validation:invalid' })
  .max(maxFamilyMembers, 'family-package:errors.tooMany');

/** `GET /api/payments/quote/:serviceId?familyMembers=2`: the price with that many members. */
export const familyQuoteQuerySchema = z.object({
  familyMembers: z.coerce
    .number({ error: 'validation:invalid' })
    .int('validation:invalid')
    .min(0, 'validation:invalid')
    .max(maxFamilyMembers, 'family-package:errors.tooMany')
    .default(0),
});
