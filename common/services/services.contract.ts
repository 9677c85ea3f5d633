import { z } from 'zod';

/** What a visitor can hire: a consultation (paid at once) or a case (a procedure followed in the panel). */
export const serviceKindSchema = z.enum(['consultation', 'case']);
export type ServiceKind = z.infer<typeof serviceKindSchema>;

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
});
export type ServiceOffer = z.infer<typeof serviceOfferSchema>;

export const serviceCatalogueSchema = z.array(serviceOfferSchema);

