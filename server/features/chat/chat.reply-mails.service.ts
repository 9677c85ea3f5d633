import { randomBytes } from 'node:crypto';
import type { ChatConversation } from '#common/chat/chat.contract.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import type { ChatMails } from './chat.mails.ts';
import {
  claimUnseenReplies,
  conversationRecipient,
  conversationsWithUnseenReplies,
  insertReopenLink,
  reopenConversation,
} from './chat.reply-mails.repository.ts';
import { ownConversation } from './chat.service.ts';
import { hashToken } from './chat.policy.ts';

/**
 * How long a reply may wait to be seen before it is mailed. The open widget shows a reply within a
 * second of its commit (ADR 008), so a reply still unseen after this has no one reading the chat.
 */
export const unseenReplyGraceMs = 10_000;

/** How long the mailed link gives the conversation to the browser that opens it. */
const reopenLinkMs = 30 * 24 * 60 * 60_000;

type ReplyMailDeps = { db: Db; mails: ChatMails };

/**
 * Mails the visitor the conversation's replies written by `before` that they have neither seen
 * nor been mailed, in one mail, with a link that gives the conversation back to the browser that
 * opens it (an account's conversation needs none: signing in opens it anywhere).
 */
async function mailUnseenReplies({ db, mails }: Pick<ReplyMailDeps, 'db' | 'mails'>, conversationId: string, before: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const replies = await claimUnseenReplies(tx, conversationId, before);
    const recipient = replies.length > 0 ? await conversationRecipient(tx, conversationId) : undefined;
    if (!recipient) return;
    let reopen: { token: string; expiresAt: Date } | undefined;
    if (recipient.userId === null) {
      reopen = { token: randomBytes(32).toString('base64url'), expiresAt: new Date(Date.now() + reopenLinkMs) };
      await insertReopenLink(tx, { conversationId, tokenHash: hashToken(reopen.token), expiresAt: reopen.expiresAt });
    }
    await mails.unseenReplies(tx, { ...recipient, replies: replies.map((reply) => reply.text), reopen });
  });
}

/** Mails every reply older than the grace that nobody saw, each conversation's in one mail. */
export async function mailUnseenRepliesPass(deps: Pick<ReplyMailDeps, 'db' | 'mails'>, now: Date): Promise<void> {
  const before = new Date(now.getTime() - unseenReplyGraceMs);
  for (const conversationId of await conversationsWithUnseenReplies(deps.db, before)) await mailUnseenReplies(deps, conversationId, before);
}

/**
 * The mailed link opened: the conversation becomes the browser's whose token came with it (a new
 * one), and is answered as the widget reads it. A link unknown or expired opens nothing.
 */
export async function reopenFromMail({ db }: Pick<ReplyMailDeps, 'db'>, link: string, browserToken: string): Promise<ChatConversation> {
  const tokenHash = hashToken(browserToken);
  if (!(await reopenConversation(db, hashToken(link), tokenHash, new Date()))) throw new AppError('notFound', 'chat:errors.linkExpired');
  return ownConversation({ db }, { kind: 'visitor', tokenHash });
}
