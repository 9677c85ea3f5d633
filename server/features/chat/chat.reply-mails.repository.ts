import { and, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Language } from '#common/i18n/languages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { adminChatResponses, chatConversations, chatReopenLinks, generalChatMessages } from '#server/db/schema/chat.ts';

const messagesOf = (db: Db | Tx, conversationId: string) =>
  db.select({ id: generalChatMessages.id }).from(generalChatMessages).where(eq(generalChatMessages.conversationId, conversationId));

const unseenAndUnmailed = and(isNull(adminChatResponses.seenAt), isNull(adminChatResponses.mailedAt));

/** The visitor had the conversation's replies on screen (all of them, or those of `replyIds`): none of them is mailed. */
export async function markRepliesSeen(db: Db, conversationId: string, replyIds?: string[]): Promise<void> {
  await db
    .update(adminChatResponses)
    .set({ seenAt: new Date() })
    .where(
      and(
        isNull(adminChatResponses.seenAt),
        inArray(adminChatResponses.originalMessageId, messagesOf(db, conversationId)),
        replyIds ? inArray(adminChatResponses.id, replyIds) : undefined,
      ),
    );
}

/** The conversations with a reply written by `before` that their visitor has neither seen nor been mailed. */
export async function conversationsWithUnseenReplies(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ conversationId: generalChatMessages.conversationId })
    .from(adminChatResponses)
    .innerJoin(generalChatMessages, eq(generalChatMessages.id, adminChatResponses.originalMessageId))
    .where(and(unseenAndUnmailed, lte(adminChatResponses.createdAt, before)));
  return rows.map((row) => row.conversationId);
}

/**
 * Takes the conversation's replies written by `before` that were neither seen nor mailed, marking
 * them mailed in `tx`: two instances never mail the same reply, and a failed mail leaves them unmailed.
 */
export async function claimUnseenReplies(tx: Tx, conversationId: string, before: Date): Promise<Array<{ text: string }>> {
  return tx
    .update(adminChatResponses)
    .set({ mailedAt: new Date() })
    .where(and(unseenAndUnmailed, lte(adminChatResponses.createdAt, before), inArray(adminChatResponses.originalMessageId, messagesOf(tx, conversationId))))
    .returning({ text: adminChatResponses.responseMessage, seq: adminChatResponses.seq })
    .then((rows) => rows.sort((a, b) => a.seq - b.seq));
}

/** Who to mail a conversation's replies to: the name and address of its latest message, the language it was written in, and whether an account owns it. */
export async function conversationRecipient(
  tx: Tx,
  conversationId: string,
): Promise<{ name: string; email: string; language: Language; userId: string | null } | undefined> {
  const [row] = await tx
    .select({ name: generalChatMessages.senderName, email: generalChatMessages.senderEmail, language: chatConversations.language, userId: chatConversations.userId })
    .from(generalChatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, generalChatMessages.conversationId))
    .where(eq(generalChatMessages.conversationId, conversationId))
    .orderBy(desc(generalChatMessages.seq))
    .limit(1);
  return row && { name: row.name, email: row.email, language: row.language, userId: row.userId };
}

/** The language the visitor wrote their latest message in. */
export async function setConversationLanguage(tx: Tx, conversationId: string, language: Language): Promise<void> {
  await tx.update(chatConversations).set({ language }).where(eq(chatConversations.id, conversationId));
}

export async function insertReopenLink(tx: Tx, values: typeof chatReopenLinks.$inferInsert): Promise<void> {
  await tx.insert(chatReopenLinks).values(values);
}

/**
 * Gives the conversation of an unexpired link to the browser whose token hash is `browserTokenHash`
 * (the token it was given before opens it no more); answers the conversation's id, or undefined for
 * a link unknown or expired, a conversation an account owns, or a token that holds another one
 * (the widget sends a new token with each link).
 */
export function reopenConversation(db: Db, linkHash: string, browserTokenHash: string, now: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ conversationId: chatReopenLinks.conversationId })
      .from(chatReopenLinks)
      .innerJoin(chatConversations, eq(chatConversations.id, chatReopenLinks.conversationId))
      .where(and(eq(chatReopenLinks.tokenHash, linkHash), gt(chatReopenLinks.expiresAt, now), isNull(chatConversations.userId)));
    if (!link) return undefined;
    const [holder] = await tx.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.tokenHash, browserTokenHash));
    if (holder && holder.id !== link.conversationId) return undefined;
    await tx.update(chatConversations).set({ tokenHash: browserTokenHash }).where(eq(chatConversations.id, link.conversationId));
    return link.conversationId;
  });
}
