import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '#common/chat/chat.contract.ts';
import { emptyConversation, withEntry } from './conversation.ts';

const message = (seq: number): ChatEntry => ({
  kind: 'message',
  id: `00000000-0000-4000-8000-00000000000${seq}`,
  senderName: 'Ana',
  senderEmail: 'ana@example.com',
  text: `m${seq}`,
  createdAt: '2026-11-21T10:00:00.000Z',
  seq,
});

describe('adding entries to a conversation', () => {
  it('keeps each entry once, in sequence order, and moves the cursor forward only', () => {
    let conversation = withEntry(emptyConversation, message(3));
    conversation = withEntry(conversation, message(1));
    conversation = withEntry(conversation, message(3));
    expect(conversation.entries.map((entry) => entry.seq)).toEqual([1, 3]);
    expect(conversation.cursor).toBe(3);
  });
});
