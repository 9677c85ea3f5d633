import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const consultations = pgTable('consultations', {
  id: id(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  consultationType: text('consultation_type').notNull(),
  status: text('status', { enum: ['pendiente', 'completada'] })
    .notNull()
    .default('pendiente'),
  details: jsonb('details').notNull(),
  /** Set for consultations asked through a public form; a hired consultation has none. */
  privacyConsentedAt: timestamp('privacy_consented_at', { withTimezone: true }),
  privacyPolicyVersion: text('privacy_policy_version'),
  /** When the firm set the call or meeting; shown on the admin's agenda. */
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
  createdAt: createdAt(),
});
