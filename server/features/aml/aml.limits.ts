import type { RateLimitRule } from '#server/platform/rate-limit.ts';

export const amlLimits = {
  /** A client's identification submissions, counted as their case documents are (cases.limits.ts). */
  submissions: { name: 'aml-identifications', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;
