import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '#common/procedures/procedures.contract.ts';
import { createdAt, id } from './columns.ts';
import { caseDocuments, caseFamilyMembers, cases } from './cases.ts';
import { services } from './services.ts';
import { users } from './users.ts';

/**
 * A procedure the firm handles (arraigo social, TIE…) with its checklist template. Seeded by
 * migration from docs' official requirements and edited by the admins; a service's default one is
 * the checklist a case of that service opens with, and one without a service is applied by hand.
 */
export const procedures = pgTable(
  'procedures',
  {
    /** Readable for the seeded ones ('arraigo-social'), generated for the admins'. */
    id: text('id').primaryKey(),
    serviceId: text('service_id').references(() => services.id, { onDelete: 'set null' }),
    isDefault: boolean('is_default').notNull().default(false),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('procedures_one_default_per_service').on(table.serviceId).where(sql`${table.isDefault}`)],
);

/** The flags and texts a checklist item and the request copied from it share. */
const documentColumns = () => ({
  title: jsonb('title').$type<LocalizedText>().notNull(),
  explanation: jsonb('explanation').$type<LocalizedText>().notNull(),
  isApostilleRequired: boolean('is_apostille_required').notNull().default(false),
  isSwornTranslationRequired: boolean('is_sworn_translation_required').notNull().default(false),
  /** How long the document stays valid from its issue date; null when it does not lapse. */
  validityMonths: integer('validity_months'),
  isPerFamilyMember: boolean('is_per_family_member').notNull().default(false),
});

/** One document of a procedure's checklist, in the order the client sees them. */
export const procedureItems = pgTable(
  'procedure_items',
  {
    id: id(),
    procedureId: text('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ...documentColumns(),
    createdAt: createdAt(),
  },
  (table) => [index('procedure_items_procedure_idx').on(table.procedureId, table.position)],
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
