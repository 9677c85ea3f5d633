import { pgTable, text, timestamp, jsonb } from 'drizzle-orm/pg-core';
import type { SectionTextsByLanguage } from '#common/sections/sections.contract.ts';

/**
 * The firm's own words on each section page (common/sections/section-catalog.ts names the ten):
 * one row per page, its texts in every language it is written in (Spanish always), written and
 * read whole. Seeded by migration, edited in the back office's Páginas tab.
 */
export const sectionPages = pgTable('section_pages', {
  id: text('id').primaryKey(),
  texts: jsonb('texts').$type<SectionTextsByLanguage>().notNull(),
  /** The last time the firm saved it: the sitemap's `lastmod`. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
