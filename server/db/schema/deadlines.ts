import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { cases } from './cases.ts';
import { users } from './auth.ts';

/**
 * The days that are not working days for a filing in Elche besides weekends (ADR 012): seeded by
 * migration for 2026 and 2027, extended by the admins as each year's calendar is published.
 */
export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    date: date('date').notNull(),
    scope: text('scope', { enum: ['national', 'valencian_community', 'elche'] }).notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('holidays_scope_check', sql`${table.scope} in ('national', 'valencian_community', 'elche')`),
    unique('holidays_date_scope_unique').on(table.date, table.scope),
  ],
);

/**
 * A deadline of a case: what the admin recorded (the kind and its starting day) and the dates the
 * rules of common/deadlines/deadline-rules.ts gave it then, kept so that a later holiday edit never
 * moves a date the client was already told.
 */
export const caseDeadlines = pgTable(
  'case_deadlines',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['requerimiento', 'tie', 'oath', 'appeal', 'renewal_window'] }).notNull(),
    /** The notification day, or for a renewal window the permit's expiry. */
    startDate: date('start_date').notNull(),
    /**
     * For an electronic notification nobody opened: the day it was made available. It counts as
     * notified 10 calendar days later (art. 43.2 Ley 39/2015), which is then `start_date`.
     */
    madeAvailableOn: date('made_available_on'),
    /**
     * The day such a notification was opened, when it was (recorded with it or later). Opened within
     * the 10 days, that day is the notification's, then `start_date`; opened later, it changes nothing.
     */
    openedOn: date('opened_on'),
    dueDate: date('due_date').notNull(),
    /** Only for a renewal window: its first day. */
    opensOn: date('opens_on'),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('case_deadlines_kind_check', sql`${table.kind} in ('requerimiento', 'tie', 'oath', 'appeal', 'renewal_window')`),
    check('case_deadlines_opened_check', sql`${table.openedOn} is null or (${table.madeAvailableOn} is not null and ${table.openedOn} >= ${table.madeAvailableOn})`),
    index('case_deadlines_case_idx').on(table.caseId),
    index('case_deadlines_open_due_idx').on(table.dueDate).where(sql`${table.doneAt} is null`),
  ],
);

/**
 * Each reminder mail of a deadline, once per recipient: the row is written in the transaction that
 * puts the mail in the outbox, and its key refuses a second one, whichever instance tries.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    id: id(),
    deadlineId: uuid('deadline_id')
      .notNull()
      .references(() => caseDeadlines.id, { onDelete: 'cascade' }),
    reminder: text('reminder', { enum: ['opens', 'week', 'two_days', 'due_day'] }).notNull(),
    recipient: text('recipient', { enum: ['client', 'firm'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [unique('deadline_reminders_once').on(table.deadlineId, table.reminder, table.recipient)],
);
