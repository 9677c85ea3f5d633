import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';
import { services } from './services.ts';

/** A client's procedure; shown as EXP- plus the id padded to 3 digits. */
export const cases = pgTable(
  'cases',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id').references(() => services.id),
    serviceIdText: text('service_id_text'),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('cases_user_id_idx').on(table.userId)],
);

/** Every status a case has had, the first one written when the case opens. */
export const caseStatusChanges = pgTable(
  'case_status_changes',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The admin who changed it; null for the status a payment opened the case with. */
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('case_status_changes_case_idx').on(table.caseId)],
);

/** A case's documents: stored under generated keys, the client's file name kept only as metadata. */
export const caseDocuments = pgTable(
  'case_documents',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    documentName: text('document_name').notNull(),
    storagePath: text('storage_path').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('case_documents_case_idx').on(table.caseId)],
);

/** The thread of a case between the client and the firm. */
export const caseMessages = pgTable(
  'case_messages',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    authorRole: text('author_role', { enum: ['client', 'firm'] }).notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('case_messages_case_idx').on(table.caseId)],
);
