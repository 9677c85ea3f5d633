import { z } from 'zod';
import { defaultLanguage, languages } from '#common/i18n/languages.ts';
import { documentFlagsSchema } from '#common/procedures/procedures.contract.ts';
import { serviceCatalogueSchema } from '#common/services/services.contract.ts';
import { sectionIds } from './section-addresses.ts';
import { legalTerms, sectionKinds, sectionStages } from './section-catalog.ts';

const serviceOfferSchema = serviceCatalogueSchema.element;

const languageSchema = z.enum(languages);

export const sectionParamsSchema = z.object({ id: z.enum(sectionIds, 'validation:invalid') });
/** The site's language travels in the address (`?lang=fr`), so the answer depends on the URL alone; without it, Spanish. */
export const sectionQuerySchema = z.object({ lang: languageSchema.default(defaultLanguage) });

const text = (max: number) => z.string('validation:required').trim().min(1, 'validation:required').max(max, 'validation:tooLong');
const blankable = (max: number) => z.string('validation:required').trim().max(max, 'validation:tooLong');

const limits = { title: 120, summary: 300, body: 4000, question: 300, answer: 2000, faq: 20 } as const;

const faqEntrySchema = z.object({ question: text(limits.question), answer: text(limits.answer) });

/**
 * The firm's own words on a page, in one language: its heading, the summary search engines show,
 * who it is for, the requirements, how the firm works, and the frequently asked questions. The
 * three long texts are plain text: a blank line starts a paragraph, a line starting with '- ' is
 * an item of a list.
 */
const sectionTextsSchema = z.object({
  title: text(limits.title),
  summary: text(limits.summary),
  audience: text(limits.body),
  requirements: text(limits.body),
  approach: text(limits.body),
  faq: z.array(faqEntrySchema).max(limits.faq, 'validation:tooLong'),
});
export type SectionTexts = z.infer<typeof sectionTextsSchema>;

const textFields = ['title', 'summary', 'audience', 'requirements', 'approach'] as const;

/**
 * A language the firm may leave out: every field blank and no question means no version in it;
 * a version half written is refused on each empty field.
 */
const optionalSectionTextsSchema = z
  .object({
    title: blankable(limits.title),
    summary: blankable(limits.summary),
    audience: blankable(limits.body),
    requirements: blankable(limits.body),
    approach: blankable(limits.body),
    faq: z.array(faqEntrySchema).max(limits.faq, 'validation:tooLong'),
  })
  .superRefine((texts, context) => {
    if (textFields.every((field) => !texts[field]) && texts.faq.length === 0) return;
    for (const field of textFields) if (!texts[field]) context.addIssue({ code: 'custom', path: [field], message: 'validation:required' });
  })
  .transform((texts): SectionTexts | undefined => (texts.title ? texts : undefined))
  .optional();

/** What the admin saves: Spanish always, English and French when written (the page shows Spanish otherwise). */
export const sectionInputSchema = z.object({
  texts: z.object({ es: sectionTextsSchema, en: optionalSectionTextsSchema, fr: optionalSectionTextsSchema }),
});
export type SectionInput = z.infer<typeof sectionInputSchema>;
export type SectionTextsByLanguage = SectionInput['texts'];

const storedTextsSchema = z.object({
  title: z.string(),
  summary: z.string(),
  audience: z.string(),
  requirements: z.string(),
  approach: z.string(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
});

/** A page as the back office lists and edits it. */
export const adminSectionSchema = z.object({
  id: z.enum(sectionIds),
  path: z.string(),
  texts: z.object({ es: storedTextsSchema, en: storedTextsSchema.optional(), fr: storedTextsSchema.optional() }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminSection = z.infer<typeof adminSectionSchema>;

const checklistItemSchema = documentFlagsSchema.extend({ title: z.string(), explanation: z.string() });

/** A procedure's checklist as a visitor reads it, in the page's language. */
const publicProcedureSchema = z.object({ id: z.string(), title: z.string(), items: z.array(checklistItemSchema) });
export type PublicProcedure = z.infer<typeof publicProcedureSchema>;

/** A procedure page as the hub lists it. */
const sectionLinkSchema = z.object({
  id: z.enum(sectionIds),
  path: z.string(),
  title: z.string(),
  summary: z.string(),
  offer: serviceOfferSchema.nullable(),
});
export type SectionLink = z.infer<typeof sectionLinkSchema>;

/**
 * A section page as the site shows it: the firm's words in the language asked for when written in
 * it, otherwise in Spanish (`language` says which); the checklists, the steps and the times the
 * case work uses; the price and contents of its service; the consultations to book; and its
 * structured data for search engines.
 */
export const sectionPageSchema = z.object({
  id: z.enum(sectionIds),
  path: z.string(),
  kind: z.enum(sectionKinds),
  language: languageSchema,
  languages: z.array(languageSchema),
  texts: storedTextsSchema,
  offer: serviceOfferSchema.nullable(),
  consultations: z.array(serviceOfferSchema),
  procedures: z.array(publicProcedureSchema),
  stages: z.array(z.enum(sectionStages)),
  terms: z.array(z.enum(legalTerms)),
  children: z.array(sectionLinkSchema),
  /** The pages above this one, from the home page down, each in the page's language. */
  breadcrumb: z.array(z.object({ path: z.string(), title: z.string() })),
  /** schema.org JSON-LD objects (LegalService, Service, FAQPage, BreadcrumbList), written into the page as they are. */
  structuredData: z.array(z.record(z.string(), z.unknown())),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type SectionPage = z.infer<typeof sectionPageSchema>;
