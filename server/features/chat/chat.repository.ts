import { and, asc, count, desc, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { AssignedListQuery } from '#common/assignees/assignees.contract.ts';
import { assignedListFilter } from '#server/db/assigned-list.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { adminChatResponses, chatConversations, generalChatMessages } from '#server/db/schema/chat.ts';

type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof generalChatMessages.$inferSelect;
export type ReplyRow = typeof adminChatResponses.$inferSelect;
export type AdminMessageRow = MessageRow & { replyCount: number; assigneeId: string | null };

/** Whose conversation: a signed-in account, or the browser holding a token (by its hash). */
export type ConversationKey = { userId: string } | { tokenHash: string };

/** Catch-up after a reconnection reads at most this many events; the client reloads past that. */
const catchUpLimit = 500;

const ownedBy = (key: ConversationKey) =>
  'userId' in key ? eq(chatConversations.userId, key.userId) : eq(chatConversations.tokenHash, key.tokenHash);

export async function findConversation(db: Db, key: ConversationKey): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(ownedBy(key)).limit(1);
  return row;
}

/** The owner's conversation, created on their first message; two first messages at once get the same one. */
export async function findOrCreateConversation(db: Db, key: ConversationKey): Promise<ConversationRow> {
  const values = 'userId' in key ? { userId: key.userId } : { tokenHash: key.tokenHash };
  const target = 'userId' in key ? chatConversations.userId : chatConversations.tokenHash;
  const [created] = await db.insert(chatConversations).values(values).onConflictDoNothing({ target }).returning();
  const row = created ?? (await findConversation(db, key));
  if (!row) throw new Error('conversation neither created nor found');
  return row;
}

/**
 * Hands the token's conversation over to the account when `mayJoin` accepts the e-mails it was
 * written with: it becomes the account's, or is merged into the account's own. The token opens
 * it no more either way.
 */
export function adoptConversation(
  db: Db,
  tokenHash: string,
  userId: string,
  mayJoin: (senderEmails: string[]) => boolean,
): Promise<void> {
  return db.transaction(async (tx) => {
    const [visitor] = await tx
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.tokenHash, tokenHash), isNull(chatConversations.userId)))
      .for('update');
    if (!visitor) return;
    const senders = await tx
      .selectDistinct({ email: generalChatMessages.senderEmail })
      .from(generalChatMessages)
      .where(eq(generalChatMessages.conversationId, visitor.id));
    if (!mayJoin(senders.map((sender) => sender.email))) return;

    const [own] = await tx.select().from(chatConversations).where(eq(chatConversations.userId, userId)).for('update');
    if (!own) {
      await tx.update(chatConversations).set({ userId, tokenHash: null }).where(eq(chatConversations.id, visitor.id));
      return;
    }
    await tx.update(generalChatMessages).set({ conversationId: own.id }).where(eq(generalChatMessages.conversationId, visitor.id));
    await tx.delete(chatConversations).where(eq(chatConversations.id, visitor.id));
  });
}

/** Inserts the row and runs `announce` in the same transaction, so the live notice leaves with the commit. */
export function insertMessage(
  db: Db,
  values: typeof generalChatMessages.$inferInsert,
  announce: (tx: Tx, row: MessageRow) => Promise<void>,
): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const row = insertedRow(await tx.insert(generalChatMessages).values(values).returning());
    await announce(tx, row);
    return row;
  });
}

export function insertReply(
  db: Db,
  values: typeof adminChatResponses.$inferInsert,
  announce: (tx: Tx, row: ReplyRow) => Promise<void>,
): Promise<ReplyRow> {
  return db.transaction(async (tx) => {
    const row = insertedRow(await tx.insert(adminChatResponses).values(values).returning());
    await announce(tx, row);
    return row;
  });
}

/** A conversation's messages and replies after `afterSeq`, in sequence order. */
export async function listConversationEvents(
  db: Db,
  conversationId: string,
  afterSeq = 0,
): Promise<{ messages: MessageRow[]; replies: ReplyRow[] }> {
  const [messages, replies] = await Promise.all([
    db
      .select()
      .from(generalChatMessages)
      .where(and(eq(generalChatMessages.conversationId, conversationId), gt(generalChatMessages.seq, afterSeq)))
      .orderBy(asc(generalChatMessages.seq))
      .limit(catchUpLimit),
    db
      .select({ reply: adminChatResponses })
      .from(adminChatResponses)
      .innerJoin(generalChatMessages, eq(generalChatMessages.id, adminChatResponses.originalMessageId))
      .where(and(eq(generalChatMessages.conversationId, conversationId), gt(adminChatResponses.seq, afterSeq)))
      .orderBy(asc(adminChatResponses.seq))
      .limit(catchUpLimit),
  ]);
  return { messages, replies: replies.map((row) => row.reply) };
}

export async function findConversationMessage(db: Db, conversationId: string, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(generalChatMessages)
    .where(and(eq(generalChatMessages.id, id), eq(generalChatMessages.conversationId, conversationId)));
  return row;
}

export async function findConversationReply(db: Db, conversationId: string, id: string): Promise<ReplyRow | undefined> {
  const [row] = await db
    .select({ reply: adminChatResponses })
    .from(adminChatResponses)
    .innerJoin(generalChatMessages, eq(generalChatMessages.id, adminChatResponses.originalMessageId))
    .where(and(eq(adminChatResponses.id, id), eq(generalChatMessages.conversationId, conversationId)));
  return row?.reply;
}

/** The last seq any chat event has taken: where a stream with nothing to resume starts. */
export async function lastEventSeq(db: Db): Promise<number> {
  const [[message], [reply]] = await Promise.all([
    db.select({ seq: max(generalChatMessages.seq) }).from(generalChatMessages),
    db.select({ seq: max(adminChatResponses.seq) }).from(adminChatResponses),
  ]);
  return Math.max(message?.seq ?? 0, reply?.seq ?? 0);
}

// Table-qualified on purpose: inside the subquery a bare "id" would be the reply's.
const replyCount = sql<number>`(select count(*) from ${adminChatResponses} as r where r.original_message_id = ${generalChatMessages}.id)::int`;

const adminMessageColumns = {
  id: generalChatMessages.id,
  conversationId: generalChatMessages.conversationId,
  senderName: generalChatMessages.senderName,
  senderEmail: generalChatMessages.senderEmail,
  messageText: generalChatMessages.messageText,
  seq: generalChatMessages.seq,
  createdAt: generalChatMessages.createdAt,
  replyCount: replyCount.mapWith(Number),
  assigneeId: sql<string | null>`(select c.assignee_id from ${chatConversations} as c where c.id = ${generalChatMessages}.conversation_id)`,
};

export async function listAdminMessages(db: Db, query: AssignedListQuery, staffId: string): Promise<{ rows: AdminMessageRow[]; total: number }> {
  const { limit, offset } = pageWindow(query);
  const assigned = assignedListFilter(chatConversations.assigneeId, query.assigned, staffId);
  const search = and(
    matchingAny(query.q, [generalChatMessages.senderName, generalChatMessages.senderEmail, generalChatMessages.messageText]),
    assigned && inArray(generalChatMessages.conversationId, db.select({ id: chatConversations.id }).from(chatConversations).where(assigned)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(adminMessageColumns)
      .from(generalChatMessages)
      .where(search)
      .orderBy(desc(generalChatMessages.createdAt), desc(generalChatMessages.seq))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(generalChatMessages).where(search),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findAdminMessage(db: Db, id: string): Promise<AdminMessageRow | undefined> {
  const [row] = await db.select(adminMessageColumns).from(generalChatMessages).where(eq(generalChatMessages.id, id));
  return row;
}

export async function countReplies(db: Db, messageId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(adminChatResponses).where(eq(adminChatResponses.originalMessageId, messageId));
  return row?.value ?? 0;
}

/** Every chat event after `afterSeq`, for the admin's stream to catch up. */
export async function listEventsAfter(db: Db, afterSeq: number): Promise<{ messages: AdminMessageRow[]; replies: ReplyRow[] }> {
  const [messages, replies] = await Promise.all([
    db
      .select(adminMessageColumns)
      .from(generalChatMessages)
      .where(gt(generalChatMessages.seq, afterSeq))
      .orderBy(asc(generalChatMessages.seq))
      .limit(catchUpLimit),
    db
      .select()
      .from(adminChatResponses)
      .where(gt(adminChatResponses.seq, afterSeq))
      .orderBy(asc(adminChatResponses.seq))
      .limit(catchUpLimit),
  ]);
  return { messages, replies };
}

/** Deletes a message; its replies go with it (cascade). */
export async function deleteMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.delete(generalChatMessages).where(eq(generalChatMessages.id, id)).returning();
  return row;
}

/**
 * The visitor messages the firm has not answered: those after the last reply of their conversation
 * (a reply to any of its messages answers everything the visitor wrote before it), oldest first.
 */
export function listUnansweredMessages(db: Db) {
  const lastReply = db
    .select({ conversationId: generalChatMessages.conversationId, seq: max(adminChatResponses.seq).as('last_reply_seq') })
    .from(adminChatResponses)
    .innerJoin(generalChatMessages, eq(generalChatMessages.id, adminChatResponses.originalMessageId))
    .groupBy(generalChatMessages.conversationId)
    .as('last_reply');
  return db
    .select({
      id: generalChatMessages.id,
      conversationId: generalChatMessages.conversationId,
      senderName: generalChatMessages.senderName,
      createdAt: generalChatMessages.createdAt,
      assigneeId: adminMessageColumns.assigneeId,
    })
    .from(generalChatMessages)
    .leftJoin(lastReply, eq(lastReply.conversationId, generalChatMessages.conversationId))
    .where(or(isNull(lastReply.seq), gt(generalChatMessages.seq, lastReply.seq)))
    .orderBy(asc(generalChatMessages.seq));
}

/**
 * Sets who handles a conversation, its row locked; the assignee before and whose it is (the name
 * its latest message gave), or undefined for no such conversation.
 */
export async function setConversationAssignee(db: Tx, id: string, assigneeId: string | null) {
  const [before] = await db.select({ assigneeId: chatConversations.assigneeId }).from(chatConversations).where(eq(chatConversations.id, id)).for('update');
  if (!before) return undefined;
  await db.update(chatConversations).set({ assigneeId }).where(eq(chatConversations.id, id));
  const [latest] = await db
    .select({ name: generalChatMessages.senderName })
    .from(generalChatMessages)
    .where(eq(generalChatMessages.conversationId, id))
    .orderBy(desc(generalChatMessages.seq))
    .limit(1);
  return { assigneeId: before.assigneeId, name: latest?.name ?? '' };
}

/** Gives the chat conversations a departing staff member held back to the unassigned queue; answers how many. */
export async function releaseChatConversationsOf(db: Db | Tx, staffId: string): Promise<number> {
  return (await db.update(chatConversations).set({ assigneeId: null }).where(eq(chatConversations.assigneeId, staffId)).returning({ id: chatConversations.id })).length;
}
