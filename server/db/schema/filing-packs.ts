import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FilingPackFile } from '#common/filing-packs/filing-packs.contract.ts';
import { users } from './auth.ts';
import { cases } from './cases.ts';
import { createdAt, id } from './columns.ts';

/**
 * The registry's size limits as the firm sets them, one row (id 'firm'); until the firm saves
 * them, Mercurio's (common/filing-packs/filing-packs.contract.ts, defaultFilingLimits).
 */
export const filingSettings = pgTable('filing_settings', {
  id: text('id').primaryKey().default('firm'),
  maxFileBytes: integer('max_file_bytes').notNull(),
  maxTotalBytes: integer('max_total_bytes').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A filing pack of a case (ADR 057): the limits it was built within, who built it and when, and,
 * once the firm has filed it, the registry's date and receipt number.
 */
export const filingPacks = pgTable(
  'filing_packs',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    maxFileBytes: integer('max_file_bytes').notNull(),
    maxTotalBytes: integer('max_total_bytes').notNull(),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    filedOn: date('filed_on', { mode: 'string' }),
    receiptNumber: text('receipt_number'),
    filedBy: text('filed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('filing_packs_case_idx').on(table.caseId, table.createdAt)],
);

/** The pack's PDFs, stored under generated keys: number 0 the index, then the documents' files in order, each naming its documents. */
export const filingPackFiles = pgTable(
  'filing_pack_files',
  {
    id: id(),
    packId: uuid('pack_id')
      .notNull()
      .references(() => filingPacks.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    storagePath: text('storage_path').notNull().unique(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    pageCount: integer('page_count').notNull(),
    documents: jsonb('documents').$type<FilingPackFile['documents']>().notNull(),
  },
  (table) => [index('filing_pack_files_pack_idx').on(table.packId, table.number)],
);
