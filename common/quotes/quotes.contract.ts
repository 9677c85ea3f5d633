import { z } from 'zod';
import { calendarDateSchema } from '#common/date-fields.ts';
import { firmDay } from '#common/dates.ts';
import { languages } from '#common/i18n/languages.ts';
import { optionalTextSchema, requiredTextSchema } from '#common/intake/fields.ts';
import { translationLanguages } from '#common/translations/translations.contract.ts';
import { quoteKinds, quoteStatuses, translationUnits, translationUrgencies } from './quote-vocabulary.ts';

/** The highest price a quote may ask: 50,000 €, far above any job of the firm, so a slipped digit is refused. */
const maxQuotePriceCents = 5_000_000;

/** The longest text of a quote, and of a client's request for one. */
export const quoteMessageMaxLength = 5000;
export const quoteRequestMessageMaxLength = 2000;

/** The most pages or words a translation quote counts. */
const maxQuantity = 1_000_000;

/** Every language a translation request may name (both forms); their names are in the `translations` catalog. */

/** A signed-in client asks for the price of a case whose catalogue price is a 'from' price. */
export const quoteRequestSchema = z.object({
  serviceId: requiredTextSchema(100),
  message: optionalTextSchema(quoteRequestMessageMaxLength),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

const priceMessage = 'quotes:validation.price';

/**
 * What the firm offers in every quote: the price (the form types euros and turns them into cents
 * with `eurosToCents`; an unreadable amount arrives as NaN and is refused with the price message),
 * the last day it may be accepted (today or later, on Madrid's calendar) and what the price covers.
 */
const offerFields = {
  priceCents: z.number(priceMessage).int(priceMessage).min(1, priceMessage).max(maxQuotePriceCents, 'quotes:validation.priceTooHigh'),
  validUntil: calendarDateSchema.refine((day) => day >= firmDay(new Date()), 'quotes:validation.validUntilPast'),
  message: requiredTextSchema(quoteMessageMaxLength),
};

/** The firm's answer to a client's request: a case quote. */
export const sendQuoteSchema = z.object(offerFields);
export type SendQuote = z.infer<typeof sendQuoteSchema>;

/** The firm's answer to a translation request: the job measured, its languages, speed and kind, and the language of the mail. */
export const sendTranslationQuoteSchema = z
  .object({
    ...offerFields,
    language: z.enum(languages, 'validation:invalid'),
    unit: z.enum(translationUnits, 'validation:invalid'),
    quantity: z.number('quotes:validation.quantity').int('quotes:validation.quantity').min(1, 'quotes:validation.quantity').max(maxQuantity, 'quotes:validation.quantity'),
    sourceLanguage: z.enum(translationLanguages, 'validation:required'),
    targetLanguage: z.enum(translationLanguages, 'validation:required'),
    urgency: z.enum(translationUrgencies, 'validation:invalid'),
    isSworn: z.boolean('validation:invalid'),
  })
  .refine((quote) => quote.sourceLanguage === 'other' || quote.sourceLanguage !== quote.targetLanguage, {
    path: ['targetLanguage'],
    message: 'quotes:validation.sameLanguages',
  });
export type SendTranslationQuote = z.infer<typeof sendTranslationQuoteSchema>;

const translationDetailsSchema = z.object({
  unit: z.enum(translationUnits),
  quantity: z.number().int(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  urgency: z.enum(translationUrgencies),
  isSworn: z.boolean(),
});

/** A quote as its client reads it (panel and mailed link): `status` says 'expired' once its last day has passed. */
export const quoteSchema = z.object({
  id: z.uuid(),
  kind: z.enum(quoteKinds),
  status: z.enum(quoteStatuses),
  /** The service's title ('Renovaciones y recursos', 'Traducción'), in the language asked for. */
  title: z.string(),
  /** The case a paid quote opens. */
  serviceId: z.string(),
  priceCents: z.number().int().nullable(),
  currency: z.string(),
  validUntil: z.string().nullable(),
  message: z.string().nullable(),
  requestMessage: z.string().nullable(),
  translation: translationDetailsSchema.nullable(),
  sentAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListSchema = z.array(quoteSchema);

/**
 * How the browser that opened a mailed link may accept the quote: pay it (signed in to the quote's
 * account), have the account made and signed in (nobody has one for its address), sign in first
 * (an account exists), or sign out of another account.
 */
const quoteAcceptances = ['checkout', 'createAccount', 'signIn', 'otherAccount'] as const;
export type QuoteAcceptance = (typeof quoteAcceptances)[number];

/** An open quote opened from its mailed link: what it offers, who it is for, and how this browser may accept it. */
const openPublicQuoteSchema = quoteSchema.extend({
  status: z.literal('sent'),
  name: z.string(),
  email: z.string(),
  acceptance: z.enum(quoteAcceptances),
});
export type OpenPublicQuote = z.infer<typeof openPublicQuoteSchema>;

/**
 * A closed quote's link (paid, declined, expired) shows only that state: the link lives on in a
 * mailbox and the history, and what it priced for whom is the panel's to show, to its signed-in owner.
 */
const closedPublicQuoteSchema = z.object({ status: z.enum(quoteStatuses).exclude(['sent']) });

/** A quote opened from its mailed link. */
export const publicQuoteSchema = z.discriminatedUnion('status', [openPublicQuoteSchema, closedPublicQuoteSchema]);
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

/** What accepting from the link answers: the quote to check out (this browser is now signed in to its account). */
export const acceptedQuoteSchema = z.object({ quoteId: z.uuid() });

/** The secret of a mailed link: an unknown one is a 404, whatever its shape. */
export const quoteTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** A quote as the admin's Presupuestos tab lists it. */
export const adminQuoteRowSchema = quoteSchema.extend({
  client: z.object({ name: z.string(), email: z.string() }),
  /** Whether the quote belongs to an account yet (a translation quote to someone without one does not). */
  hasAccount: z.boolean(),
  language: z.enum(languages),
  /** The staff member who handles it; null while unassigned. */
  assigneeId: z.string().nullable(),
});
export type AdminQuoteRow = z.infer<typeof adminQuoteRowSchema>;
