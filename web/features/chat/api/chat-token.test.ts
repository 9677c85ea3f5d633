import { describe, expect, it } from 'vitest';
import { chatTokenSchema } from '#common/chat/chat.contract.ts';
import { chatTokenHeaders, ensuredChatTokenHeaders } from './chat-token.ts';

describe('the conversation token of a browser', () => {
  it('is created only when a first message needs it: 32 random bytes in base64url, then kept', () => {
    expect(chatTokenHeaders()).toEqual({});
    const created = ensuredChatTokenHeaders()['x-chat-token'];
    expect(chatTokenSchema.safeParse(created).success).toBe(true);
    expect(ensuredChatTokenHeaders()['x-chat-token']).toBe(created);
    expect(chatTokenHeaders()).toEqual({ 'x-chat-token': created });
  });
});
