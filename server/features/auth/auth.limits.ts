import type { RateLimitRule } from '#server/plugins/rate-limit.ts';

const minute = 60;
const hour = 60 * minute;

/** Counted per client IP and per e-mail address, so neither spraying nor a botnet gets far. */
export const authLimits = {
  signInPerIp: { name: 'sign-in:ip', limit: 30, windowSeconds: 15 * minute },
  signInPerAccount: { name: 'sign-in:account', limit: 10, windowSeconds: 15 * minute },
  signUpPerIp: { name: 'sign-up:ip', limit: 10, windowSeconds: hour },
  signUpPerAccount: { name: 'sign-up:account', limit: 3, windowSeconds: hour },
  mailPerIp: { name: 'auth-mail:ip', limit: 10, windowSeconds: hour },
  mailPerAccount: { name: 'auth-mail:account', limit: 3, windowSeconds: hour },
  resetPerIp: { name: 'reset:ip', limit: 10, windowSeconds: 15 * minute },
} satisfies Record<string, RateLimitRule>;
