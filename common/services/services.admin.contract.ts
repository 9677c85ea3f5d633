import { z } from 'zod';
import { requiredTextSchema } from '#common/intake/fields.ts';
import { excludedCosts, familyMemberRoles, governmentFees } from './price-terms.ts';
import { priceTermsShape, serviceKindSchema } from './services.contract.ts';

/** The highest price the Servicios tab accepts: 10,000 €, far above any fee of the firm, so a slipped digit is refused. */
const maxServicePriceCents = 1_000_000;

/** A service's features: at most this many lines on its card. */
export const maxServiceFeatures = 10;

/** The texts of one service in one language, as its card shows them. */
const serviceTextsSchema = z.object({
  title: requiredTextSchema(120),
  description: requiredTextSchema(1000),
  priceDetails: requiredTextSchema(200),
  features: z.array(requiredTextSchema(200)).max(maxServiceFeatures, 'services-admin:validation.tooManyFeatures'),
});
export type ServiceTexts = z.infer<typeof serviceTextsSchema>;

const textsByLanguageSchema = z.object({ es: serviceTextsSchema, en: serviceTextsSchema, fr: serviceTextsSchema });

const priceMessage = 'services-admin:validation.price';

/** The longest typical duration the Servicios tab accepts: five years, in weeks. */
export const maxDurationWeeks = 260;
const weeksSchema = z
  .number('services-admin:validation.duration')
  .int('services-admin:validation.duration')
  .min(1, 'services-admin:validation.duration')
  .max(maxDurationWeeks, 'services-admin:validation.duration')
  .nullable();

/**
 * A service as the firm saves it in the Servicios tab: price and texts in every language at once.
 * The form types the price in euros and turns it into cents with `eurosToCents` (common/money.ts);
 * an unreadable amount reaches this schema as NaN and is refused with the price message.
 */
export const serviceInputSchema = z
  .object({
    /** Integer cents; null for a service given by quote. */
    priceCents: z.number(priceMessage).int(priceMessage).min(0, priceMessage).max(maxServicePriceCents, 'services-admin:validation.priceTooHigh').nullable(),
    isFromPrice: z.boolean(),
    sortOrder: z.number('validation:invalid').int('validation:invalid').min(0, 'validation:invalid').max(999, 'validation:invalid'),
    isOffered: z.boolean(),
    governmentFee: z.enum(governmentFees, 'validation:invalid'),
    excludedCosts: z.array(z.enum(excludedCosts, 'validation:invalid')).max(excludedCosts.length, 'validation:invalid'),
    familyMembers: z.enum(familyMemberRoles, 'validation:invalid'),
    durationMinWeeks: weeksSchema,
    durationMaxWeeks: weeksSchema,
    texts: textsByLanguageSchema,
  })
  .refine((input) => !input.isFromPrice || input.priceCents !== null, { path: ['isFromPrice'], message: 'services-admin:validation.fromNeedsPrice' })
  .refine((input) => (input.durationMinWeeks === null) === (input.durationMaxWeeks === null), {
    path: ['durationMaxWeeks'],
    message: 'services-admin:validation.durationBoth',
  })
  .refine((input) => input.durationMinWeeks === null || input.durationMaxWeeks === null || input.durationMinWeeks <= input.durationMaxWeeks, {
    path: ['durationMaxWeeks'],
    message: 'services-admin:validation.durationOrder',
  })
  .transform((input) => ({ ...input, excludedCosts: excludedCosts.filter((cost) => input.excludedCosts.includes(cost)) }));
export type ServiceInput = z.output<typeof serviceInputSchema>;
/** The Servicios form's values, before the excluded costs are put in their order. */
export type ServiceFormValues = z.input<typeof serviceInputSchema>;

/** The texts as stored, for the list (a language the catalogue lacks reads as empty, to be filled in). */
const storedTextsSchema = z.object({ title: z.string(), description: z.string(), priceDetails: z.string(), features: z.array(z.string()) });

/** A service of the catalogue as the Servicios tab lists it: offered or not, with its texts in every language. */
export const adminServiceSchema = z.object({
  id: z.string(),
  kind: serviceKindSchema,
  priceCents: z.number().int().nullable(),
  currency: z.string(),
  isFromPrice: z.boolean(),
  sortOrder: z.number().int(),
  isOffered: z.boolean(),
  ...priceTermsShape(),
  texts: z.object({ es: storedTextsSchema, en: storedTextsSchema, fr: storedTextsSchema }),
});
export type AdminService = z.infer<typeof adminServiceSchema>;

export const serviceIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** A listed service as the Servicios form starts from, and saves back unchanged. */
export function serviceInputOf({ id: _id, kind: _kind, currency: _currency, ...values }: AdminService): ServiceInput {
  return values;
}
