import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/platform/app-error.ts';
import { actor } from './actor.ts';
import { countHit } from './rate-limit.repository.ts';

export type RateLimitRule = {
  /** Names the counter, e.g. 'sign-in'. */
  name: string;
  limit: number;
  windowSeconds: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one hit of `rule` for each subject (the client IP, an e-mail…) and throws a 429
     * AppError when any of them is over the limit. Active in every mode.
     */
    enforceRateLimit: (request: FastifyRequest, rule: RateLimitRule, subjects: string[]) => Promise<void>;
    /** A route hook counting `rule` per signed-in account: it goes after `requireUser`. */
    rateLimitPerUser: (rule: RateLimitRule) => (request: FastifyRequest) => Promise<void>;
    /** A route hook counting `rule` per client address. */
    rateLimitPerIp: (rule: RateLimitRule) => (request: FastifyRequest) => Promise<void>;
  }
}

/** Past this many refused keys, the ones whose window has ended are dropped. */
const refusedKeysToSweepAt = 10_000;

export const rateLimitPlugin = fp(async (app) => {
  /**
   * Keys over their limit, with when their window ends: a fixed window refuses every further hit
   * until then, so this instance refuses them without writing a count that could not change the
   * answer. A flood of refused requests then costs no database write each.
   */
  const refusedUntil = new Map<string, number>();

  function knownRefusal(keys: string[], now: number): number {
    let until = 0;
    for (const key of keys) {
      const refused = refusedUntil.get(key) ?? 0;
      if (refused > now) until = Math.max(until, refused);
      else refusedUntil.delete(key);
    }
    return until;
  }

  function remember(key: string, until: number, now: number) {
    if (refusedUntil.size >= refusedKeysToSweepAt) {
      for (const [known, ends] of refusedUntil) if (ends <= now) refusedUntil.delete(known);
    }
    refusedUntil.set(key, until);
  }

  app.decorate('enforceRateLimit', async (request: FastifyRequest, rule: RateLimitRule, subjects: string[]) => {
    const keys = subjects.map((subject) => `${rule.name}:${subject.toLowerCase()}`);
    const now = Date.now();
    let retryAfter = Math.ceil((knownRefusal(keys, now) - now) / 1000);
    if (retryAfter <= 0) {
      for (const key of keys) {
        const result = await countHit(app.db, key, rule.windowSeconds);
        if (result.hits > rule.limit) {
          const seconds = Math.max(result.retryAfter, 1);
          remember(key, now + seconds * 1000, now);
          retryAfter = Math.max(retryAfter, seconds);
        }
      }
    }
    if (retryAfter > 0) {
      request.log.warn({ rule: rule.name }, 'rate limit reached');
      throw new AppError('rateLimited', 'errors:rateLimited', { 'retry-after': String(retryAfter) });
    }
  });

  app.decorate('rateLimitPerUser', (rule: RateLimitRule) => (request: FastifyRequest) => app.enforceRateLimit(request, rule, [actor(request).id]));
  app.decorate('rateLimitPerIp', (rule: RateLimitRule) => (request: FastifyRequest) => app.enforceRateLimit(request, rule, [request.ip]));
});
