import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, id, privacyConsent } from './columns.ts';

export const contactFormSubmissions = pgTable(
  'contact_form_submissions',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    ...privacyConsent(),
    /** When the firm marked it answered: its reply timer stops there. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The staff member who handles it; null while it waits in the unassigned queue. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_form_submissions_assignee_idx').on(table.assigneeId)],
);
