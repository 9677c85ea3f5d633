import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { chatStreamEvents, type ChatConversation, type ChatEntry, type ChatMessage, type ChatPosted } from '#common/chat/chat.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import type { AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import type { RealtimeHub } from '#server/platform/realtime.ts';
import { announce, followChat, type LiveRequest, type OutgoingEvent } from './chat.live.ts';
import type { ChatMails } from './chat.mails.ts';
import { markRepliesSeen, setConversationLanguage } from './chat.reply-mails.repository.ts';
import { chatOwner, conversationKey, hashToken, mayJoinAccount, senderOf, type ChatOwner } from './chat.policy.ts';
import {
  adoptConversation,
  findConversation,
  findConversationMessage,
  findConversationReply,
  findOrCreateConversation,
  insertMessage,
  lastEventSeq,
  listConversationEvents,
  type MessageRow,
  type ReplyRow,
} from './chat.repository.ts';

export type ChatDeps = { db: Db; realtime: RealtimeHub; mails: ChatMails; log: FastifyBaseLogger; assignees: AssigneesDeps };

function messageEntry(row: MessageRow): ChatEntry {
  return {
    kind: 'message',
    id: row.id,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    text: row.messageText,
    createdAt: row.createdAt.toISOString(),
    seq: row.seq,
  };
}

export function replyEntry(row: ReplyRow): ChatEntry {
  return {
    kind: 'reply',
    id: row.id,
    messageId: row.originalMessageId,
    text: row.responseMessage,
    createdAt: row.createdAt.toISOString(),
    seq: row.seq,
  };
}

export const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

function entriesOf({ messages, replies }: { messages: MessageRow[]; replies: ReplyRow[] }): ChatEntry[] {
  return [...messages.map(messageEntry), ...replies.map(replyEntry)].sort(bySeq);
}

/** A conversation's entries in order, and the last seq among them (where its stream starts). */
export function conversationOf(events: { messages: MessageRow[]; replies: ReplyRow[] }): ChatConversation {
  const entries = entriesOf(events);
  return { entries, cursor: entries.reduce((cursor, entry) => Math.max(cursor, entry.seq), 0) };
}

const entryEvent = (entry: ChatEntry): OutgoingEvent => ({ key: `${entry.kind}:${entry.id}`, seq: entry.seq, name: chatStreamEvents.entry, data: entry });

/**
 * Who is asking: the signed-in account, else the browser's conversation token (a malformed token
 * was refused at the edge). When both come together, the token's conversation joins the account
 * if the policy allows it.
 */
export async function resolveOwner({ db }: Pick<ChatDeps, 'db'>, user: SessionUser | null, token: string | undefined): Promise<ChatOwner | null> {
  const tokenHash = token === undefined ? undefined : hashToken(token);
  if (user && tokenHash) await adoptConversation(db, tokenHash, user.id, (emails) => mayJoinAccount(emails, user));
  return chatOwner(user, tokenHash);
}

/** The owner's messages and the firm's replies, in order; nothing for someone who owns none. */
export async function ownConversation({ db }: Pick<ChatDeps, 'db'>, owner: ChatOwner | null): Promise<ChatConversation> {
  const conversation = owner ? await findConversation(db, conversationKey(owner)) : undefined;
  if (!conversation) return { entries: [], cursor: 0 };
  // Read in the widget: the firm's replies so far reached the visitor, and none of them is mailed.
  await markRepliesSeen(db, conversation.id);
  return conversationOf(await listConversationEvents(db, conversation.id));
}

/**
 * Keeps a visitor's message, tells every instance at its commit, and lets the firm know by mail.
 * The route has counted it against the conversation's limit.
 */
export async function postMessage(
  { db, realtime, mails }: Pick<ChatDeps, 'db' | 'realtime' | 'mails'>,
  owner: ChatOwner | null,
  input: ChatMessage,
  language: Language,
): Promise<ChatPosted> {
  if (!owner) throw new AppError('validation', 'chat:errors.tokenRequired');
  const conversation = await findOrCreateConversation(db, conversationKey(owner));
  const sender = senderOf(owner, input);
  const row = await insertMessage(
    db,
    { conversationId: conversation.id, senderName: sender.name, senderEmail: sender.email, messageText: input.message },
    async (tx, inserted) => {
      await announce(realtime, tx, { conversationId: conversation.id, kind: 'message', id: inserted.id, messageId: inserted.id, seq: inserted.seq });
      await setConversationLanguage(tx, conversation.id, language);
      await mails.newMessage(tx, { name: sender.name, email: sender.email, text: input.message, language, isSignedIn: owner.kind === 'account' });
    },
  );
  return { entry: messageEntry(row), cursor: row.seq };
}

/**
 * The owner's live conversation on the stream `live` opens: what they missed after `after`, then
 * each new message and reply. False, and no stream opened, while they have no conversation.
 */
export async function streamConversation(
  { db, realtime, log }: Pick<ChatDeps, 'db' | 'realtime' | 'log'>,
  owner: ChatOwner | null,
  after: number | undefined,
  live: LiveRequest,
): Promise<boolean> {
  if (!owner) return false;
  const conversation = await findConversation(db, conversationKey(owner));
  if (!conversation) return false;
  // The stream is the open widget: a reply it carries is on the visitor's screen, so it is not mailed.
  const seen = async (entries: ChatEntry[]) => {
    const replyIds = entries.filter((entry) => entry.kind === 'reply').map((entry) => entry.id);
    if (replyIds.length > 0) await markRepliesSeen(db, conversation.id, replyIds);
    return entries.map(entryEvent);
  };
  await followChat(realtime, log, {
    stream: live.open,
    after: after ?? (await lastEventSeq(db)),
    catchUp: async (seq) => seen(entriesOf(await listConversationEvents(db, conversation.id, seq))),
    isFor: (notice) => notice.conversationId === conversation.id,
    live: async (notice) => {
      const row =
        notice.kind === 'message'
          ? await findConversationMessage(db, conversation.id, notice.id).then((found) => found && messageEntry(found))
          : await findConversationReply(db, conversation.id, notice.id).then((found) => found && replyEntry(found));
      return row ? seen([row]) : [];
    },
    // An account's conversation stops showing at sign-out; a browser token's, once it joins an account.
    isStillAllowed:
      owner.kind === 'account'
        ? async () => (await live.currentUser())?.id === owner.user.id
        : async () => (await findConversation(db, conversationKey(owner)))?.id === conversation.id,
  });
  return true;
}

/** For the staff feature, when a person leaves: their chat conversations go back to the unassigned queue. */
export { releaseChatConversationsOf } from './chat.repository.ts';
