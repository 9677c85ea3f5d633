import type { RateLimitRule } from '#server/platform/rate-limit.ts';

const minute = 60;

/** Counted in the database, so every app instance shares them. */
export const chatLimits = {
  /** Messages from one IP address, whatever the conversation (several visitors may share an office IP). */
  messagesPerIp: { name: 'chat-message:ip', limit: 20, windowSeconds: 60 * minute },
  /** Messages into one conversation. */
  messagesPerConversation: { name: 'chat-message:conversation', limit: 10, windowSeconds: 10 * minute },
  /** Conversation loads and live-stream connections from one IP address. */
  readsPerIp: { name: 'chat-read:ip', limit: 300, windowSeconds: 10 * minute },
} satisfies Record<string, RateLimitRule>;
