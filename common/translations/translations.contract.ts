import { z } from 'zod';
import {
  emailSchema,
  honeypotSchema,
  optionalTextSchema,
  privacyConsentSchema,
  requiredPhoneSchema,
  requiredTextSchema,
} from '#common/intake/fields.ts';

/**
 * The languages a translation is from or into, one list for the quote page, the services page's
 * form and the firm's quote, so no form offers what another refuses; their names are in the
 * `translations` catalog.
 */
export const translationLanguages = ['es', 'en', 'fr', 'de', 'it', 'pt', 'ar', 'other'] as const;

export const translationTypes = ['sworn', 'standard'] as const;

/** The translation quote page (docs/product/rules.md): name, phone and email required, the rest optional, privacy accepted. */
export const translationQuoteSchema = z.object({
  name: requiredTextSchema(100),
  phone: requiredPhoneSchema,
  email: emailSchema,
  sourceLanguage: z.enum(translationLanguages, 'validation:invalid').optional(),
  targetLanguage: z.enum(translationLanguages, 'validation:invalid').optional(),
  translationType: z.enum(translationTypes, 'validation:invalid').optional(),
  comments: optionalTextSchema(5000),
  privacy: privacyConsentSchema(),
  website: honeypotSchema,
});
export type TranslationQuote = z.infer<typeof translationQuoteSchema>;

/** The translation form of the services page (docs/product/rules.md): contact data and both languages required. */
export const translationRequestSchema = z.object({
  name: requiredTextSchema(100),
  email: emailSchema,
  phone: requiredPhoneSchema,
  sourceLanguage: z.enum(translationLanguages, 'validation:required'),
  targetLanguage: z.enum(translationLanguages, 'validation:required'),
  translationType: z.enum(translationTypes, 'validation:invalid').optional(),
  text: optionalTextSchema(20_000),
  privacy: privacyConsentSchema(),
  website: honeypotSchema,
});
export type TranslationRequest = z.infer<typeof translationRequestSchema>;

/** The services page form needs the text to translate or a document ('Información incompleta'). */
export function isTranslationRequestComplete(text: string | undefined, documentCount: number): boolean {
  return Boolean(text?.trim()) || documentCount > 0;
}

/** One uploaded document as the admin sees it. */
export const translationDocumentSchema = z.object({
  id: z.uuid(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TranslationDocument = z.infer<typeof translationDocumentSchema>;

export const translationDocumentParamsSchema = z.object({ id: z.uuid(), documentId: z.uuid() });
export const translationRequestParamsSchema = z.object({ id: z.uuid() });

/** A translation request as the admin's Traducciones tab shows it, with its documents. */
export const translationRequestRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  sourceLanguage: z.string().nullable(),
  destinationLanguage: z.string().nullable(),
  isSworn: z.boolean(),
  textToTranslate: z.string().nullable(),
  documents: z.array(translationDocumentSchema),
  createdAt: z.string(),
  /** When the firm marked the quote sent; null while its reply timer runs. */
  answeredAt: z.string().nullable(),
  /** The staff member who handles it; null while unassigned. */
  assigneeId: z.string().nullable(),
});
export type TranslationRequestRow = z.infer<typeof translationRequestRowSchema>;
