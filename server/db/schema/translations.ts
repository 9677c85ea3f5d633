import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, id, privacyConsent } from './columns.ts';

export const translationRequests = pgTable(
  'translation_requests',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    sourceLanguage: text('source_language'),
    destinationLanguage: text('destination_language'),
    isSworn: boolean('is_sworn').notNull().default(false),
    /** The text pasted on the services page, or the comments of the quote page (docs/product/data-and-states.md). */
    textToTranslate: text('text_to_translate'),
    ...privacyConsent(),
    /** When the firm marked the quote sent: its reply timer stops there. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The staff member who handles it; null while it waits in the unassigned queue. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('translation_requests_assignee_idx').on(table.assigneeId)],
);

/** The documents of a translation request: stored under generated keys, the client's name kept only as metadata. */
export const translationRequestDocuments = pgTable(
  'translation_request_documents',
  {
    id: id(),
    translationRequestId: uuid('translation_request_id')
      .notNull()
      .references(() => translationRequests.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('translation_request_documents_request_idx').on(table.translationRequestId)],
);
