import { bigint, smallint, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row: the version of what the public pages show (catalogue, prices, offers, news), raised in
 * the transaction of every write to it. A page rendered at another version is never served again.
 */
export const publicContent = pgTable('public_content', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
