import { chatTokenPattern } from '#common/chat/chat-token.ts';

/**
 * What an address's fragment asks of the chat: the firm's mails link to `#chat` (an account's
 * conversation, opened once signed in) or to `#chat=<link>` (a visitor's, given to this browser).
 * The fragment never reaches a server, so the link stays out of every log.
 */
export function chatLinkIn(hash: string): { link?: string } | undefined {
  if (hash === '#chat') return {};
  if (!hash.startsWith('#chat=')) return undefined;
  const link = hash.slice('#chat='.length);
  return chatTokenPattern.test(link) ? { link } : {};
}
