import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { officialAppointmentKinds } from '#common/official-appointments/official-appointments.contract.ts';
import { createdAt, id } from './columns.ts';
import { cases } from './cases.ts';
import { users } from './auth.ts';

/**
 * A case's appointment with the administration (ADR 053): what the firm booked for the client, the
 * invitation mailed to them, and the reminders sent (each once: the column is set by the mail's transaction).
 */
export const officialAppointments = pgTable(
  'official_appointments',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: officialAppointmentKinds }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    office: text('office').notNull(),
    officeAddress: text('office_address').notNull(),
    /** The appointment's or the receipt's number the administration gave. */
    reference: text('reference'),
    whatToBring: text('what_to_bring').notNull(),
    /** The reminders 3 days and 1 day before; both cleared when the appointment moves. */
    remindedThreeDaysAt: timestamp('reminded_three_days_at', { withTimezone: true }),
    remindedOneDayAt: timestamp('reminded_one_day_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('official_appointments_case_idx').on(table.caseId),
    index('official_appointments_starts_idx').on(table.startsAt),
  ],
);
