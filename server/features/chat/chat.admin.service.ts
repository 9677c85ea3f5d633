import { mayUse } from '#common/auth/permissions.ts';
import type { Assignee, AssignedListQuery, AssigneeInput } from '#common/assignees/assignees.contract.ts';
import {
  chatStreamEvents,
  type AdminChatMessage,
  type AdminChatPage,
  type AdminChatReplyResult,
  type ChatConversation,
  type ChatReply,
} from '#common/chat/chat.contract.ts';
import type { Db } from '#server/db/client.ts';
import { assignWork, type AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { announce, followChat, type LiveRequest, type OutgoingEvent } from './chat.live.ts';
import {
  countReplies,
  deleteMessage,
  findAdminMessage,
  insertReply,
  lastEventSeq,
  listAdminMessages,
  listConversationEvents,
  listEventsAfter,
  listUnansweredMessages,
  setConversationAssignee,
  type AdminMessageRow,
} from './chat.repository.ts';
import { bySeq, conversationOf, replyEntry, type ChatDeps } from './chat.service.ts';

function adminMessage(row: AdminMessageRow): AdminChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    messageText: row.messageText,
    createdAt: row.createdAt.toISOString(),
    replyCount: row.replyCount,
    seq: row.seq,
    assigneeId: row.assigneeId,
  };
}

/** The admin's Chat tab: newest messages first, with their count of replies. */
export async function adminChatPage({ db }: Pick<ChatDeps, 'db'>, staff: Actor, query: AssignedListQuery): Promise<AdminChatPage> {
  // The cursor is read first: whatever lands in between comes again through the stream, never not at all.
  const cursor = await lastEventSeq(db);
  const { rows, total } = await listAdminMessages(db, query, staff.id);
  return { ...adminPage(query, rows.map(adminMessage), total), cursor };
}

/** Who handles a conversation: assigned, reassigned or sent back to the unassigned queue (assignees.service.ts). */
export function assignConversation({ assignees }: { assignees: AssigneesDeps }, staff: Actor, id: string, input: AssigneeInput): Promise<Assignee> {
  return assignWork(assignees, staff, { kind: 'chat', id, set: (tx, assigneeId) => setConversationAssignee(tx, id, assigneeId) }, input);
}

/** The whole conversation a message belongs to, for the admin who answers it. */
export async function adminConversation({ db }: Pick<ChatDeps, 'db'>, messageId: string): Promise<ChatConversation> {
  const message = await findAdminMessage(db, messageId);
  if (!message) throw new AppError('notFound');
  return conversationOf(await listConversationEvents(db, message.conversationId));
}

/** The firm's reply: kept with its audit entry, pushed live to the visitor wherever they are connected (mailed if nobody sees it: chat.tasks.ts). */
export async function replyToMessage(
  { db, realtime }: Pick<ChatDeps, 'db' | 'realtime'>,
  admin: Actor,
  messageId: string,
  input: ChatReply,
): Promise<AdminChatReplyResult> {
  const message = await findAdminMessage(db, messageId);
  if (!message) throw new AppError('notFound');
  const row = await insertReply(
    db,
    { originalMessageId: message.id, responseMessage: input.message, adminId: admin.id },
    async (tx, inserted) => {
      await recordAudit({ db: tx }, {
        actor: admin,
        action: 'REPLY',
        targetTable: 'general_chat_messages',
        targetId: message.id,
        details: { responseId: inserted.id },
      });
      await announce(realtime, tx, {
        conversationId: message.conversationId,
        kind: 'reply',
        id: inserted.id,
        messageId: message.id,
        seq: inserted.seq,
      });
    },
  );
  return { entry: replyEntry(row), replyCount: await countReplies(db, message.id) };
}

const adminMessageEvent = (row: AdminMessageRow): OutgoingEvent => ({
  key: `message:${row.id}`,
  seq: row.seq,
  name: chatStreamEvents.message,
  data: adminMessage(row),
});

async function adminReplyEvent(db: Db, reply: { id: string; messageId: string; seq: number }): Promise<OutgoingEvent> {
  return {
    key: `reply:${reply.id}`,
    seq: reply.seq,
    name: chatStreamEvents.reply,
    data: { messageId: reply.messageId, replyCount: await countReplies(db, reply.messageId), seq: reply.seq },
  };
}

/** The admin's live tab: every new visitor message, and every reply (with the new count), from any instance. */
export async function streamAdminChat(
  { db, realtime, log }: Pick<ChatDeps, 'db' | 'realtime' | 'log'>,
  after: number | undefined,
  live: LiveRequest,
): Promise<void> {
  await followChat(realtime, log, {
    stream: live.open,
    after: after ?? (await lastEventSeq(db)),
    catchUp: async (seq) => {
      const { messages, replies } = await listEventsAfter(db, seq);
      const replyEvents = await Promise.all(
        replies.map((row) => adminReplyEvent(db, { id: row.id, messageId: row.originalMessageId, seq: row.seq })),
      );
      return [...messages.map(adminMessageEvent), ...replyEvents].sort(bySeq);
    },
    live: async (notice) => {
      if (notice.kind === 'reply') return [await adminReplyEvent(db, notice)];
      const row = await findAdminMessage(db, notice.id);
      return row ? [adminMessageEvent(row)] : [];
    },
    isStillAllowed: async () => mayUse((await live.currentUser())?.role ?? 'user', 'GET /api/admin/chat/stream'),
  });
}

/** Deletes a visitor's message and its replies, with the audit row, in one transaction. */
export async function removeChatMessage({ db }: Pick<ChatDeps, 'db'>, admin: Actor, messageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteMessage(tx, messageId);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'DELETE',
      targetTable: 'general_chat_messages',
      targetId: messageId,
      details: { senderName: row.senderName, senderEmail: row.senderEmail },
    });
  });
}

/**
 * The conversations waiting for the firm: each with the visitor's messages written since its last
 * reply (the rows of the Chat tab that wait), the oldest of them first, and who wrote it.
 */
export async function waitingChatConversations(
  { db }: Pick<ChatDeps, 'db'>,
): Promise<Array<{ conversationId: string; name: string; waitingSince: Date; messageIds: string[]; assigneeId: string | null }>> {
  const waiting = new Map<string, { conversationId: string; name: string; waitingSince: Date; messageIds: string[]; assigneeId: string | null }>();
  for (const message of await listUnansweredMessages(db)) {
    const conversation = waiting.get(message.conversationId);
    if (conversation) conversation.messageIds.push(message.id);
    else
      waiting.set(message.conversationId, {
        conversationId: message.conversationId,
        name: message.senderName,
        waitingSince: message.createdAt,
        messageIds: [message.id],
        assigneeId: message.assigneeId,
      });
  }
  return [...waiting.values()];
}
