import { describe, expect, it } from 'vitest';
import { chatLinkIn } from './chat-link.ts';

describe('the chat link of a mailed address', () => {
  const link = 'a'.repeat(43);

  it('opens the chat for #chat, and gives the conversation of #chat=<link>', () => {
    expect(chatLinkIn('#chat')).toEqual({});
    expect(chatLinkIn(`#chat=${link}`)).toEqual({ link });
  });

  it('opens the chat without a conversation for a damaged link, and leaves other fragments to the page', () => {
    expect(chatLinkIn('#chat=recortado')).toEqual({});
    expect(chatLinkIn('#consultas')).toBeUndefined();
    expect(chatLinkIn('')).toBeUndefined();
  });
});
