import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { identificationStatuses, identityDocumentKinds } from '#common/aml/aml.contract.ts';
import { users } from './auth.ts';
import { createdAt, id } from './columns.ts';

/**
 * A client's identification under the anti-money-laundering law (Ley 10/2010), one row per
 * submission, for a case whose service asks for it (ADR 049). Kept 10 years after the business
 * relationship ends, outside the erasure of an account and the retention of case documents: the
 * case is named by its id with no foreign key, so no deletion of a case can take the record with it.
 */
export const amlIdentifications = pgTable(
  'aml_identifications',
  {
    id: id(),
    caseId: integer('case_id').notNull(),
    /** The client's account (erased accounts are emptied, never deleted, so the link stays). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: identificationStatuses }).notNull().default('submitted'),
    /** As the identity document spells it: the account's own name may be erased, this may not. */
    fullName: text('full_name').notNull(),
    documentKind: text('document_kind', { enum: identityDocumentKinds }).notNull(),
    documentNumber: text('document_number').notNull(),
    fundsOrigin: text('funds_origin').notNull(),
    purpose: text('purpose').notNull(),
    /** The firm's reason to ask again, which the client reads. */
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the client ended the relationship by deleting their account; otherwise the case's closing ends it. */
    relationshipEndedAt: timestamp('relationship_ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('aml_identifications_case_idx').on(table.caseId), index('aml_identifications_user_idx').on(table.userId)],
);

/** The identity document's files of a submission, stored under generated keys like every upload. */
export const amlIdentificationFiles = pgTable(
  'aml_identification_files',
  {
    id: id(),
    identificationId: uuid('identification_id')
      .notNull()
      .references(() => amlIdentifications.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('aml_identification_files_identification_idx').on(table.identificationId)],
);
