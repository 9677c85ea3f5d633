import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { cases } from './cases.ts';
import { consultations } from './consultations.ts';
import { id } from './columns.ts';
import { payments } from './payments.ts';
import { services } from './services.ts';

/**
 * The firm's own wording of a service's engagement letter (hoja de encargo), one row per language;
 * a service without a row uses the built-in template (engagements/default-letter.ts, version 0).
 * Each save that changes the text raises its version, which an acceptance records.
 */
export const engagementLetters = pgTable(
  'engagement_letters',
  {
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['es', 'en', 'fr'] }).notNull(),
    /** Markdown with {{placeholders}}; empty for English or French: the Spanish text is shown instead. */
    text: text('text').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.language] })],
);

/**
 * A client's acceptance of the letter, written with the checkout it was given for: the text exactly
 * as it was shown (filled with the client's data, the service and the price), its SHA-256, where
 * and when, and whether the client asked the firm to start within the 14 days of withdrawal.
 * `contracted_at` is set when the payment is paid (the contract is made then, and the 14 days run
 * from it); a withdrawal is recorded, and the firm refunds through the payment's refund.
 */
export const engagementAcceptances = pgTable('engagement_acceptances', {
  id: id(),
  paymentId: uuid('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  serviceTitle: text('service_title').notNull(),
  language: text('language', { enum: ['es', 'en', 'fr'] }).notNull(),
  version: integer('version').notNull(),
  text: text('text').notNull(),
  textSha256: text('text_sha256').notNull(),
  isEarlyStartRequested: boolean('is_early_start_requested').notNull(),
  clientAddress: text('client_address').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  contractedAt: timestamp('contracted_at', { withTimezone: true }),
  caseId: integer('case_id').references(() => cases.id, { onDelete: 'set null' }),
  consultationId: uuid('consultation_id').references(() => consultations.id, { onDelete: 'set null' }),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  withdrawalAddress: text('withdrawal_address'),
});
