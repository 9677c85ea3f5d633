import { sql } from 'drizzle-orm';
import { bigint, check, index, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { languages } from '#common/i18n/languages.ts';
import { createdAt, id } from './columns.ts';
import { users } from './auth.ts';

/**
 * Numbers every chat event (a visitor's message, the firm's reply) in one sequence, so a live
 * stream can resume after the last event its client saw (SSE `Last-Event-ID`).
 */
export const chatEventSeq = pgSequence('chat_event_seq');

const eventSeq = () =>
  bigint('seq', { mode: 'number' })
    .notNull()
    .unique()
    .default(sql`nextval('chat_event_seq')`);

/**
 * Who may read a conversation: a signed-in account (user_id), or the browser holding the random
 * token whose SHA-256 is token_hash. Never an e-mail address.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').unique(),
    /** The staff member who handles it; null while it waits in the unassigned queue. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** The language of the visitor's last message: the firm's replies are mailed in it. */
    language: text('language', { enum: languages }).notNull().default('es'),
    createdAt: createdAt(),
  },
  (table) => [
    check('chat_conversations_owner_check', sql`${table.userId} is not null or ${table.tokenHash} is not null`),
    index('chat_conversations_assignee_idx').on(table.assigneeId),
  ],
);

export const generalChatMessages = pgTable(
  'general_chat_messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    messageText: text('message_text').notNull(),
    seq: eventSeq(),
    createdAt: createdAt(),
  },
  (table) => [index('general_chat_messages_conversation_idx').on(table.conversationId, table.seq)],
);

export const adminChatResponses = pgTable(
  'admin_chat_responses',
  {
    id: id(),
    originalMessageId: uuid('original_message_id')
      .notNull()
      .references(() => generalChatMessages.id, { onDelete: 'cascade' }),
    responseMessage: text('response_message').notNull(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    seq: eventSeq(),
    /** When its visitor had it on screen (the open widget's stream, or the conversation read); null: not yet. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** When it was mailed to the visitor, not having been seen; null: not mailed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('admin_chat_responses_message_idx').on(table.originalMessageId),
    index('admin_chat_responses_unseen_idx').on(table.createdAt).where(sql`${table.seenAt} is null and ${table.mailedAt} is null`),
  ],
);

/**
 * The links mailed with a reply the visitor did not see: the link's token (only its SHA-256 kept)
 * gives the conversation to the browser that opens it, until it expires.
 */
export const chatReopenLinks = pgTable(
  'chat_reopen_links',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('chat_reopen_links_conversation_idx').on(table.conversationId)],
);
