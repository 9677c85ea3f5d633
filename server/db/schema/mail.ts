import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every mail the product sends, written in the transaction of what caused it and delivered by the
 * background worker (server/platform/worker): queued → sending (claimed until locked_until) → sent, or back
 * to queued with a later next_attempt_at, and failed for good after the last retry.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    replyTo: text('reply_to'),
    // The mailer's MailAttachment (integrations/mail/mailer.ts), spelled out: the database imports nothing above it.
    attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string; contentBase64: string }>>(),
    /** Headers beyond the usual: List-Unsubscribe and List-Unsubscribe-Post on a mail the client may turn off (ADR 055). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    /** Delivery attempts begun, counted when a worker claims the mail. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** While sending: the claim's end, after which another worker may take the mail again. */
    lockedUntil: instant('locked_until'),
    lastAttemptAt: instant('last_attempt_at'),
    /** What went wrong last, sorted for people (common/mail/mail.contract.ts), and the transport's own words. */
    lastErrorReason: text('last_error_reason'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    check('mail_outbox_status_check', sql`${table.status} in ('queued', 'sending', 'sent', 'failed')`),
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} in ('queued', 'sending')`),
    index('mail_outbox_failed_idx').on(table.lastAttemptAt).where(sql`${table.status} = 'failed'`),
    index('mail_outbox_sent_idx').on(table.sentAt).where(sql`${table.status} = 'sent'`),
  ],
);
