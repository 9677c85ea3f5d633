import type { RateLimitRule } from '#server/platform/rate-limit.ts';

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
  /** The sign-in's second step, on top of Better Auth's 5 tries per challenge and 10 per account before a 15-minute lock. */
  secondFactorPerIp: { name: 'second-factor:ip', limit: 30, windowSeconds: 15 * minute },
  /** Setting up, confirming, turning off the second factor and new backup codes, per signed-in account. */
  twoFactorPerAccount: { name: 'two-factor:account', limit: 10, windowSeconds: 15 * minute },
  resetPerIp: { name: 'reset:ip', limit: 10, windowSeconds: 15 * minute },
} satisfies Record<string, RateLimitRule>;
