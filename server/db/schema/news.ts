import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const news = pgTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('news_created_at_idx').on(table.createdAt.desc())],
);
