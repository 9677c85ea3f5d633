import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * An article of the firm's news. `created_at` is its publication time: one dated in the future
 * waits until then. Its words are in `news_translations`, Spanish always, English and French
 * when the firm wrote them.
 */
export const news = pgTable(
  'news',
  {
    id: id(),
    createdAt: createdAt(),
    /** The last time the firm saved it: the sitemap's `lastmod`. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_created_at_idx').on(table.createdAt.desc())],
);

/** The title and Markdown body of an article in one language, one row per language. */
export const newsTranslations = pgTable(
  'news_translations',
  {
    newsId: uuid('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['es', 'en', 'fr'] }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.newsId, table.language] })],
);
