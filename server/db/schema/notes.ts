import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { cases } from './cases.ts';
import { createdAt, id } from './columns.ts';
import { consultations } from './consultations.ts';

/**
 * The staff's private notes (ADR 045): on a case, a consultation or a client, exactly one of them.
 * A note goes with what it is about (the foreign keys cascade); its author may leave the firm.
 */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: id(),
    caseId: integer('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    consultationId: uuid('consultation_id').references(() => consultations.id, { onDelete: 'cascade' }),
    clientId: text('client_id').references(() => users.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('staff_notes_one_subject', sql`num_nonnulls(${table.caseId}, ${table.consultationId}, ${table.clientId}) = 1`),
    index('staff_notes_case_idx').on(table.caseId, table.createdAt),
    index('staff_notes_consultation_idx').on(table.consultationId, table.createdAt),
    index('staff_notes_client_idx').on(table.clientId, table.createdAt),
  ],
);
