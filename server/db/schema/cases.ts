import { sql, type AnyColumn } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { caseNoticeKinds, caseStages } from '#common/cases/cases.contract.ts';
import { users } from './auth.ts';
import { createdAt, documentColumns, id } from './columns.ts';
import { procedures } from './procedures.ts';
import { services } from './services.ts';

/** The administration's file number as the back office's search compares it (letters and digits, upper case; a trigram index). */
export const fileNumberIdentifier = (table: { fileNumber: AnyColumn }) => sql<string>`upper(regexp_replace(coalesce(${table.fileNumber}, ''), '[^0-9A-Za-z]', '', 'g'))`;

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
    stage: text('stage', { enum: caseStages }).notNull(),
    /** The filing data: the administration's expediente number, the day it was filed and where. */
    fileNumber: text('file_number'),
    filedOn: date('filed_on'),
    filingOffice: text('filing_office'),
    /** When the firm was last mailed about this case's new uploads: at most one such mail an hour. */
    uploadsMailedAt: timestamp('uploads_mailed_at', { withTimezone: true }),
    /** The staff member who handles the case; null: the unassigned queue. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('cases_user_id_idx').on(table.userId),
    index('cases_assignee_idx').on(table.assigneeId),
    // The back office's list, newest first (read backwards), and its search by the administration's file number.
    index('cases_created_at_idx').on(table.createdAt, table.id),
    index('cases_file_number_search_idx').using('gin', sql`${fileNumberIdentifier(table)} gin_trgm_ops`),
  ],
);

/** Every stage a case has been moved to, the first one written when the case opens: the client's timeline. */
export const caseStageChanges = pgTable(
  'case_stage_changes',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: caseStages }).notNull(),
    /** The admin's note for the client, if any. */
    note: text('note'),
    /** The admin who moved it; null for the stage a payment opened the case with. */
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('case_stage_changes_case_idx').on(table.caseId)],
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
    /** When the firm's upload mail listed this file; null while a client's upload waits for it. */
    firmNotifiedAt: timestamp('firm_notified_at', { withTimezone: true }),
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

/** When each person (the client, or each admin) last opened each case: what is newer is unread. */
export const caseViews = pgTable(
  'case_views',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.caseId] })],
);

/** The family members a case includes beyond the client (the family package), each with their own checklist. */
export const caseFamilyMembers = pgTable(
  'case_family_members',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    passport: text('passport').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('case_family_members_case_idx').on(table.caseId, table.position)],
);

/**
 * A document the firm asks a case's client for: copied from a checklist item (so later template
 * edits leave open cases alone) or added by an admin. requested → received (uploaded) → accepted,
 * or rejected with a reason until the next upload makes it received again.
 */
export const caseDocumentRequests = pgTable(
  'case_document_requests',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** The procedure it was copied from; null for an admin's own request. */
    procedureId: text('procedure_id').references(() => procedures.id, { onDelete: 'set null' }),
    /** The family member the document is asked of; null for the client's own. */
    familyMemberId: uuid('family_member_id').references(() => caseFamilyMembers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ...documentColumns(),
    status: text('status', { enum: ['requested', 'received', 'accepted', 'rejected'] }).notNull().default('requested'),
    rejectionReason: text('rejection_reason'),
    dueDate: date('due_date'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('case_document_requests_status_check', sql`${table.status} in ('requested', 'received', 'accepted', 'rejected')`),
    index('case_document_requests_case_idx').on(table.caseId, table.position),
    // The "Hoy" view's documents waiting for review: few among five years of requests.
    index('case_document_requests_received_idx')
      .on(table.caseId)
      .where(sql`${table.status} = 'received'`),
  ],
);

/** Which uploaded documents answer a request (every page of a passport): a document answers one at most. */
export const caseDocumentRequestFiles = pgTable(
  'case_document_request_files',
  {
    documentId: uuid('document_id')
      .primaryKey()
      .references(() => caseDocuments.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => caseDocumentRequests.id, { onDelete: 'cascade' }),
  },
  (table) => [index('case_document_request_files_request_idx').on(table.requestId)],
);

/**
 * What the firm has just asked of a case's client or given them, waiting to be mailed: a new
 * request, a rejected upload, a document the firm shared. The notices of a case are gathered into
 * one mail once the firm has stopped adding to them for a few minutes (case-notices.service.ts); a
 * notice whose request or document is gone by then goes with it.
 */
export const caseClientNotices = pgTable(
  'case_client_notices',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: caseNoticeKinds }).notNull(),
    requestId: uuid('request_id').references(() => caseDocumentRequests.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => caseDocuments.id, { onDelete: 'cascade' }),
    /** A reminder's due date: each request is reminded once per due date it is given (a new date, a new reminder). */
    dueDate: date('due_date', { mode: 'string' }),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    index('case_client_notices_waiting_idx')
      .on(table.caseId, table.createdAt)
      .where(sql`${table.mailedAt} is null`),
    uniqueIndex('case_client_notices_reminder_once')
      .on(table.requestId, table.kind, table.dueDate)
      .where(sql`${table.dueDate} is not null`),
  ],
);
