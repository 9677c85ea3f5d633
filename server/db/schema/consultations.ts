import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { services } from './services.ts';
import { users } from './auth.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true });

export const consultations = pgTable(
  'consultations',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    consultationType: text('consultation_type').notNull(),
    status: text('status', { enum: ['pendiente', 'completada', 'cancelada'] })
      .notNull()
      .default('pendiente'),
    details: jsonb('details').notNull(),
    /** Set for consultations asked through a public form; a hired consultation has none. */
    privacyConsentedAt: instant('privacy_consented_at'),
    privacyPolicyVersion: text('privacy_policy_version'),
    /** When the call or meeting starts: booked by the client, or set by the firm; shown on both sides. */
    scheduledAt: instant('scheduled_at'),
    /** How a scheduled consultation meets, and the video call's address when there is one. */
    meetingMode: text('meeting_mode', { enum: ['video', 'phone', 'office'] }),
    videoUrl: text('video_url'),
    /** When the day-before reminder of the appointment was queued, so it leaves once. */
    reminderSentAt: instant('reminder_sent_at'),
    /** When the firm first answered (set the call, replied in writing): the reply timer stops there. */
    answeredAt: instant('answered_at'),
    /** What the firm tells the client: the outcome when completed, or its answer to an expatriation request. */
    firmNote: text('firm_note'),
    /** The case the firm recommends hiring after the consultation. */
    recommendedServiceId: text('recommended_service_id').references(() => services.id, { onDelete: 'set null' }),
    completedAt: instant('completed_at'),
    cancelledAt: instant('cancelled_at'),
    /** The staff member who handles it; null while it waits in the unassigned queue. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('consultations_assignee_idx').on(table.assigneeId)],
);

/** The written thread of an express consultation: the client's question(s) and the firm's answers. */
export const consultationMessages = pgTable(
  'consultation_messages',
  {
    id: id(),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author', { enum: ['client', 'firm'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('consultation_messages_consultation_idx').on(table.consultationId)],
);

/** A file sent with a message of the thread: stored under a generated key, the client's name kept only as metadata. */
export const consultationAttachments = pgTable(
  'consultation_attachments',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => consultationMessages.id, { onDelete: 'cascade' }),
    storagePath: text('storage_path').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('consultation_attachments_message_idx').on(table.messageId)],
);
