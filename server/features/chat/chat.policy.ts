import { createHash } from 'node:crypto';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { ChatMessage } from '#common/chat/chat.contract.ts';
import type { ConversationKey } from './chat.repository.ts';

/**
 * Who a conversation belongs to: the signed-in account, else the browser that holds its random
 * token. Never an e-mail address: knowing someone's address opens nothing.
 */
export type ChatOwner = { kind: 'account'; user: SessionUser } | { kind: 'visitor'; tokenHash: string };

/** Tokens (a browser's, a mailed link's) are kept only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function chatOwner(user: SessionUser | null, tokenHash: string | undefined): ChatOwner | null {
  if (user) return { kind: 'account', user };
  if (tokenHash) return { kind: 'visitor', tokenHash };
  return null;
}

export function conversationKey(owner: ChatOwner): ConversationKey {
  return owner.kind === 'account' ? { userId: owner.user.id } : { tokenHash: owner.tokenHash };
}

/** The subject of the per-conversation rate limit. */
export function ownerSubject(owner: ChatOwner): string {
  return owner.kind === 'account' ? `user:${owner.user.id}` : `token:${owner.tokenHash}`;
}

/**
 * A conversation started without an account joins the account that signs in on the same browser
 * only when every message of it was written with that account's confirmed e-mail: holding the
 * browser's token is not enough, and neither is knowing the address.
 */
export function mayJoinAccount(senderEmails: string[], user: SessionUser): boolean {
  const own = user.email.toLowerCase();
  return senderEmails.length > 0 && senderEmails.every((email) => email.toLowerCase() === own);
}

/** A signed-in account writes with its own e-mail, whatever the form says; a visitor with the one they give. */
export function senderOf(owner: ChatOwner, input: ChatMessage): { name: string; email: string } {
  return { name: input.name, email: owner.kind === 'account' ? owner.user.email : input.email };
}
