import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { quoteKinds, quoteStatuses, type TranslationQuoteDetails } from '#common/quotes/quote-vocabulary.ts';
import { users } from './auth.ts';
import { createdAt, id } from './columns.ts';
import { services } from './services.ts';
import { translationRequests } from './translations.ts';

/**
 * A price the firm offers one person for one piece of work: a case whose catalogue price is a
 * 'from' price, or a translation asked for on the public form. Its price, validity and text never
 * change once sent; paying it (its acceptance) opens the case or the translation job.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    kind: text('kind', { enum: quoteKinds }).notNull(),
    status: text('status', { enum: quoteStatuses }).notNull(),
    /** The client's account; null for a translation quote to someone without one (created when they pay). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Where the quote is mailed, and in which language. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    language: text('language', { enum: ['es', 'en', 'fr'] }).notNull(),
    /** The service a case quote is for. */
    serviceId: text('service_id').references(() => services.id),
    /** The public request a translation quote answers. */
    translationRequestId: uuid('translation_request_id').references(() => translationRequests.id, { onDelete: 'set null' }),
    /** What the client wrote when asking for it. */
    requestMessage: text('request_message'),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull().default('eur'),
    validUntil: date('valid_until'),
    /** The firm's text: what the price covers. */
    message: text('message'),
    translation: jsonb('translation').$type<TranslationQuoteDetails>(),
    /** The hash of the secret in the mailed link that lets someone without an account open, accept or decline it. */
    accessTokenHash: text('access_token_hash').unique(),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The staff member who handles it; null while it waits in the unassigned queue. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('quotes_user_idx').on(table.userId), index('quotes_status_idx').on(table.status), index('quotes_assignee_idx').on(table.assigneeId)],
);
