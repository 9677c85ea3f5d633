import type { RateLimitRule } from '#server/plugins/rate-limit.ts';

/** Each public form accepts this many submissions an hour from one IP address. */
const intakeSubmissionsPerHour = 10;

export const intakeRateLimit = (name: string): RateLimitRule => ({ name: `intake-${name}`, limit: intakeSubmissionsPerHour, windowSeconds: 3600 });
