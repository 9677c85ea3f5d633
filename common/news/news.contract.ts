import { z } from 'zod';
import { instantSchema } from '#common/date-fields.ts';
import { defaultLanguage, languages } from '#common/i18n/languages.ts';

const languageSchema = z.enum(languages);

/**
 * An article as a site shows it: in the language asked for when the firm wrote it in that
 * language, otherwise in Spanish (`language` then differs from the one asked for, and the page
 * marks the text as Spanish).
 */
export const newsArticleSchema = z.object({
  id: z.uuid(),
  /** The language `title` and `content` are written in. */
  language: languageSchema,
  /** Every language the article is written in, Spanish first. */
  languages: z.array(languageSchema),
  title: z.string(),
  content: z.string(),
  /** The publication time. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/**
 * The site's language travels in the address (`?lang=en`), not in a header, so that the answer
 * depends on the URL alone and a cache may keep it; without it, Spanish.
 */
export const newsLanguageQuerySchema = z.object({ lang: languageSchema.default(defaultLanguage) });

export const newsListQuerySchema = newsLanguageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

export const newsArticleParamsSchema = z.object({ id: z.uuid() });

const titleMax = 200;
const contentMax = 20_000;

/** An article's title and Markdown body in one language. */
const articleTextsSchema = z.object({
  title: z.string('validation:required').trim().min(1, 'validation:required').max(titleMax, 'validation:tooLong'),
  content: z.string('validation:required').trim().min(1, 'validation:required').max(contentMax, 'validation:tooLong'),
});
export type ArticleTexts = z.infer<typeof articleTextsSchema>;

/**
 * A language the firm may leave out: both fields blank (or the language absent) means no
 * version in it; a title without a body, or the reverse, is a half-written one and refused.
 */
const optionalArticleTextsSchema = z
  .object({
    title: z.string('validation:required').trim().max(titleMax, 'validation:tooLong'),
    content: z.string('validation:required').trim().max(contentMax, 'validation:tooLong'),
  })
  .superRefine((texts, context) => {
    if (!texts.title && !texts.content) return;
    if (!texts.title) context.addIssue({ code: 'custom', path: ['title'], message: 'validation:required' });
    if (!texts.content) context.addIssue({ code: 'custom', path: ['content'], message: 'validation:required' });
  })
  .transform((texts): ArticleTexts | undefined => (texts.title ? texts : undefined))
  .optional();

/** An article's versions: Spanish always, English and French when the firm wrote them. */
const articleTextsByLanguageSchema = z.object({
  es: articleTextsSchema,
  en: optionalArticleTextsSchema,
  fr: optionalArticleTextsSchema,
});
export type ArticleTextsByLanguage = z.infer<typeof articleTextsByLanguageSchema>;

/** What the admin writes: the texts in each language (Markdown bodies), and when it is published (a future date waits until then). */
export const newsArticleInputSchema = z.object({
  texts: articleTextsByLanguageSchema,
  publishedAt: instantSchema,
});
export type NewsArticleInput = z.infer<typeof newsArticleInputSchema>;

const storedTextsSchema = z.object({ title: z.string(), content: z.string() });

/** An article as the admin's Noticias tab lists and edits it: every version it has. */
export const adminNewsArticleSchema = z.object({
  id: z.uuid(),
  texts: z.object({ es: storedTextsSchema, en: storedTextsSchema.optional(), fr: storedTextsSchema.optional() }),
  /** The publication time. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminNewsArticle = z.infer<typeof adminNewsArticleSchema>;
