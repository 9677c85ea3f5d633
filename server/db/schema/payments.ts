import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases.ts';
import { createdAt, id } from './columns.ts';
import { consultations } from './consultations.ts';
import { services } from './services.ts';
import { users } from './users.ts';

/**
 * One checkout: written pending when the provider's session is made, marked paid by the provider's
 * webhook, which in the same transaction opens the case or consultation it links to.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
    /** What was bought, as the catalogue said at checkout: id, kind, title, price. */
    serviceDetails: jsonb('service_details').notNull(),
    /** What the client is charged: the catalogue price less any consultation credit. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The fee of an earlier consultation deducted from the price, and that consultation. */
    creditedCents: integer('credited_cents').notNull().default(0),
    creditConsultationId: uuid('credit_consultation_id').references(() => consultations.id, { onDelete: 'set null' }),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'cancelled', 'expired', 'failed'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull().unique(),
    /** What the payment opened. */
    caseId: integer('case_id')
      .unique()
      .references(() => cases.id, { onDelete: 'set null' }),
    consultationId: uuid('consultation_id')
      .unique()
      .references(() => consultations.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('payments_user_id_idx').on(table.userId),
    // A consultation's fee is credited to one paid case, never two.
    uniqueIndex('payments_credit_consultation_paid_idx')
      .on(table.creditConsultationId)
      .where(sql`${table.paymentStatus} = 'paid'`),
  ],
);
