import { z } from 'zod';
import { instantSchema } from '#common/date-fields.ts';

export const newsArticleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

export const newsArticleParamsSchema = z.object({ id: z.uuid() });

/** How many articles the home page previews. */
export const homeNewsLimit = 3;

/** What the admin writes: Markdown content, and when it is published (a future date waits until then). */
export const newsArticleInputSchema = z.object({
  title: z.string('validation:required').trim().min(1, 'validation:required').max(200, 'validation:tooLong'),
  content: z.string('validation:required').trim().min(1, 'validation:required').max(20_000, 'validation:tooLong'),
  publishedAt: instantSchema,
});
export type NewsArticleInput = z.infer<typeof newsArticleInputSchema>;
