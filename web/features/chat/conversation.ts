import type { ChatConversation, ChatEntry } from '#common/chat/chat.contract.ts';

export const emptyConversation: ChatConversation = { entries: [], cursor: 0 };

/**
 * Adds an entry that arrived by any road (the answer to a post, the live stream, a resumed
 * stream): once only, in sequence order.
 */
export function withEntry(conversation: ChatConversation, entry: ChatEntry): ChatConversation {
  if (conversation.entries.some((known) => known.kind === entry.kind && known.id === entry.id)) return conversation;
  return {
    entries: [...conversation.entries, entry].sort((a, b) => a.seq - b.seq),
    cursor: Math.max(conversation.cursor, entry.seq),
  };
}
