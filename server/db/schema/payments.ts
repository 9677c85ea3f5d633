import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { paymentMethods, refundOutcomes, type BillingParty, type FamilyMember } from '#common/billing/billing-vocabulary.ts';
import { paymentProviders, paymentStatuses } from '#common/payments/payments.contract.ts';
import { cases } from './cases.ts';
import { createdAt, id } from './columns.ts';
import { consultations } from './consultations.ts';
import { quotes } from './quotes.ts';
import { services } from './services.ts';
import { users } from './auth.ts';

/**
 * One checkout: written pending when the provider's session is made, marked paid by the provider's
 * webhook, which in the same transaction opens the case or consultation it links to and issues its
 * invoice. A payment the admin records by hand (an offline payment) has no provider session and is
 * written paid.
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
    paymentStatus: text('payment_status', { enum: paymentStatuses })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The provider's checkout session; null for an offline payment. */
    providerSessionId: text('provider_session_id').unique(),
    /** The provider's id of the settled charge (Stripe's payment intent), what a refund is made against. */
    providerPaymentId: text('provider_payment_id'),
    method: text('method', { enum: paymentMethods }).notNull().default('card_online'),
    /** Who the invoice is made out to, as the client gave it before paying; null: the client's own name and document. */
    billing: jsonb('billing').$type<BillingParty>(),
    /** The family members a case includes beyond the client (the family package), priced into the amount. */
    familyMembers: jsonb('family_members').$type<FamilyMember[]>().notNull().default([]),
    /** The quote this payment accepts: its price is the quote's, not the catalogue's. */
    quoteId: uuid('quote_id')
      .unique()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    /** What has been given back so far; the payment is 'refunded' once it is all of it. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The admin who recorded an offline payment. */
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
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
    // The back office's list, newest first (read backwards).
    index('payments_created_at_idx').on(table.createdAt),
    // A consultation's fee is credited to one paid case, never two.
    uniqueIndex('payments_credit_consultation_paid_idx')
      .on(table.creditConsultationId)
      .where(sql`${table.paymentStatus} = 'paid'`),
  ],
);

/** Money given back on a payment, whole or in part, through the provider (or by hand for an offline payment). */
export const refunds = pgTable('refunds', {
  id: id(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'restrict' }),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  /** What the refund did to the case or consultation the payment opened. */
  outcome: text('outcome', { enum: refundOutcomes }).notNull(),
  providerRefundId: text('provider_refund_id'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
