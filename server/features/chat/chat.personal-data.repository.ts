import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Person } from '#server/db/personal-data.ts';
import { adminChatResponses, chatConversations, generalChatMessages } from '#server/db/schema/chat.ts';

export const personalTables = [chatConversations, generalChatMessages, adminChatResponses];

/** The conversation of their account, and every message of it or written with their e-mail elsewhere. */
export async function findChat(db: Db, person: Person) {
  const conversations = await db.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.userId, person.id));
  const chatConversationIds = conversations.map((row) => row.id);
  const ownConversation = chatConversationIds.length > 0 ? inArray(generalChatMessages.conversationId, chatConversationIds) : undefined;
  const messages = await db
    .select({ id: generalChatMessages.id })
    .from(generalChatMessages)
    .where(or(ownConversation, sql`lower(${generalChatMessages.senderEmail}) = lower(${person.email})`));
  return { chatConversationIds, chatMessageIds: messages.map((row) => row.id) };
}

export async function readChat(db: Db, messageIds: string[]) {
  if (messageIds.length === 0) return { messages: [], replies: [] };
  const [messages, replies] = await Promise.all([
    db
      .select({ id: generalChatMessages.id, senderName: generalChatMessages.senderName, senderEmail: generalChatMessages.senderEmail, text: generalChatMessages.messageText, createdAt: generalChatMessages.createdAt })
      .from(generalChatMessages)
      .where(inArray(generalChatMessages.id, messageIds))
      .orderBy(asc(generalChatMessages.seq)),
    db
      .select({ messageId: adminChatResponses.originalMessageId, text: adminChatResponses.responseMessage, createdAt: adminChatResponses.createdAt })
      .from(adminChatResponses)
      .where(inArray(adminChatResponses.originalMessageId, messageIds))
      .orderBy(asc(adminChatResponses.seq)),
  ]);
  return { messages, replies };
}

/** Their messages (the firm's replies with them) and their account's conversation. */
export async function eraseChat(db: Db, userId: string, messageIds: string[]): Promise<void> {
  if (messageIds.length > 0) await db.delete(generalChatMessages).where(inArray(generalChatMessages.id, messageIds));
  await db.delete(chatConversations).where(eq(chatConversations.userId, userId));
}
