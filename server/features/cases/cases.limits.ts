import type { RateLimitRule } from '#server/platform/rate-limit.ts';

/** What one client may send in an hour, and how often they reconnect; counted in the database, so every app instance shares them. */
export const caseLimits = {
  /** Documents to their lawyer, free or answering a request: a request does not buy more files. */
  uploads: { name: 'case-documents', limit: 30, windowSeconds: 3600 },
  messages: { name: 'case-messages', limit: 30, windowSeconds: 3600 },
  /** Live stream connections (a reconnection every few seconds at worst). */
  stream: { name: 'case-stream', limit: 300, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;
