import { z } from 'zod';
import { languages } from '#common/i18n/languages.ts';
import { billingPartySchema } from '#common/billing/billing.contract.ts';
import { familyMembersSchema } from '#common/payments/family-package.contract.ts';

/**
 * The client's acceptance of the engagement letter (hoja de encargo), sent with the checkout
 * (docs/product/engagement-letter.md): the letter's version and the SHA-256 of the text the client was
 * shown, which the server renders again and compares, the acceptance itself, and, separately, whether
 * the client asks the firm to start within the 14 days of withdrawal, knowing the right is lost once
 * the service is fully performed (TRLGDCU, arts. 98.8 and 103.a).
 */
export const engagementAcceptanceSchema = z.object(
  {
    version: z.number({ error: 'engagements:errors.acceptanceRequired' }).int().min(0),
    textSha256: z.string({ error: 'engagements:errors.acceptanceRequired' }).regex(/^[0-9a-f]{64}$/, 'validation:invalid'),
    isAccepted: z.literal(true, { error: 'engagements:errors.acceptanceRequired' }),
    isEarlyStartRequested: z.boolean({ error: 'validation:required' }),
  },
  { error: 'engagements:errors.acceptanceRequired' },
);
export type EngagementAcceptance = z.infer<typeof engagementAcceptanceSchema>;

/**
 * Which letter to read: the one of the checkout about to be made, with what decides its price (the
 * service or the quote, the family members, who the invoice is made out to), as the checkout sends them.
 */
export const engagementLetterRequestSchema = z.object({
  service: z.object({ id: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(100, 'validation:tooLong') }),
  quoteId: z.uuid('validation:invalid').optional(),
  familyMembers: familyMembersSchema.optional(),
  billing: billingPartySchema.optional(),
});
export type EngagementLetterRequest = z.infer<typeof engagementLetterRequestSchema>;

/** The letter filled with the client's data, the service and the price, as the client reads it before paying. */
export const engagementLetterSchema = z.object({
  version: z.number().int(),
  language: z.enum(languages),
  text: z.string(),
  textSha256: z.string(),
});
export type EngagementLetter = z.infer<typeof engagementLetterSchema>;

/** An accepted letter, as the client's panel and the firm's case page list it. */
export const engagementSchema = z.object({
  id: z.uuid(),
  serviceTitle: z.string(),
  version: z.number().int(),
  textSha256: z.string(),
  isEarlyStartRequested: z.boolean(),
  acceptedAt: z.string(),
  /** When the payment was made, and the 14 days of withdrawal began. */
  contractedAt: z.string(),
  /** The last instant a withdrawal is taken: the end of the 14th day after the contract, on the firm's clock. */
  withdrawableUntil: z.string(),
  withdrawnAt: z.string().nullable(),
  caseId: z.number().int().nullable(),
});
export type Engagement = z.infer<typeof engagementSchema>;
export const engagementListSchema = z.array(engagementSchema);

export const engagementParamsSchema = z.object({ id: z.uuid('validation:invalid') });

/** The longest letter the firm may write: a few pages, well above the template's. */
const maxLetterLength = 40_000;

/** One service's letter in each language, as the back office edits it (Spanish required; an empty English or French one shows the Spanish). */
export const engagementTemplateInputSchema = z.object({
  es: z.string().trim().min(1, 'validation:required').max(maxLetterLength, 'validation:tooLong'),
  en: z.string().trim().max(maxLetterLength, 'validation:tooLong'),
  fr: z.string().trim().max(maxLetterLength, 'validation:tooLong'),
});
export type EngagementTemplateInput = z.infer<typeof engagementTemplateInputSchema>;

/** A service's letters as the editor opens them: the firm's text, or the built-in template (version 0) while it has none. */
export const engagementTemplateSchema = engagementTemplateInputSchema.extend({
  serviceId: z.string(),
  versions: z.object({ es: z.number().int(), en: z.number().int(), fr: z.number().int() }),
  isDefault: z.boolean(),
});
export type EngagementTemplate = z.infer<typeof engagementTemplateSchema>;

export const engagementServiceParamsSchema = z.object({ serviceId: z.string().trim().min(1).max(100) });

/** The words a letter may hold in double braces, filled when it is shown: the editor lists them. */
export const letterPlaceholders = [
  'clientName',
  'clientDocument',
  'clientEmail',
  'clientAddress',
  'service',
  'price',
  'date',
  'firmName',
  'firmTaxId',
  'firmAddress',
  'firmEmail',
  'firmBar',
] as const;
export type LetterPlaceholder = (typeof letterPlaceholders)[number];

/** The days a consumer has to withdraw from a distance contract (TRLGDCU, art. 102). */
export const withdrawalDays = 14;
