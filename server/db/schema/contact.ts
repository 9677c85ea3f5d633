import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, privacyConsent } from './columns.ts';

export const contactFormSubmissions = pgTable('contact_form_submissions', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject'),
  message: text('message').notNull(),
  ...privacyConsent(),
  /** When the firm marked it answered: its reply timer stops there. */
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  createdAt: createdAt(),
});
