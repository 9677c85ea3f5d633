import { sql } from 'drizzle-orm';
import { bigint, check, index, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (table) => [check('chat_conversations_owner_check', sql`${table.userId} is not null or ${table.tokenHash} is not null`)],
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
    createdAt: createdAt(),
  },
  (table) => [index('admin_chat_responses_message_idx').on(table.originalMessageId)],
);
