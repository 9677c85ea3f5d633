import { z } from 'zod';
import { excludedCosts, familyMemberRoles, governmentFees } from './price-terms.ts';

/** What a visitor can hire: a consultation (paid at once) or a case (a procedure followed in the panel). */
export const serviceKindSchema = z.enum(['consultation', 'case']);
export type ServiceKind = z.infer<typeof serviceKindSchema>;

/** What a price includes and leaves out (price-terms.ts), as a payment keeps it. */
export const priceInclusionsSchema = z.object({ governmentFee: z.enum(governmentFees), excludedCosts: z.array(z.enum(excludedCosts)) });

/** What a price includes and leaves out, the family package and the typical duration (price-terms.ts), as a service holds them. */
export function priceTermsShape() {
  return {
    governmentFee: z.enum(governmentFees),
    excludedCosts: z.array(z.enum(excludedCosts)),
    familyMembers: z.enum(familyMemberRoles),
    durationMinWeeks: z.number().int().nullable(),
    durationMaxWeeks: z.number().int().nullable(),
  };
}

/** One offer of the catalogue, with its texts in the language asked for (docs/product/data-and-states.md, the service catalogue). */
const serviceOfferSchema = z.object({
  id: z.string(),
  kind: serviceKindSchema,
  /** Integer cents; null for the entry given by quote. */
  priceCents: z.number().int().nullable(),
  currency: z.string(),
  /** The price is a starting price ('from 150 €'). */
  isFromPrice: z.boolean(),
  title: z.string(),
  description: z.string(),
  priceDetails: z.string(),
  features: z.array(z.string()),
  ...priceTermsShape(),
});
export type ServiceOffer = z.infer<typeof serviceOfferSchema>;

export const serviceCatalogueSchema = z.array(serviceOfferSchema);

