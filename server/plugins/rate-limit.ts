import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors.ts';
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
  }
}

export const rateLimitPlugin = fp(async (app) => {
  app.decorate('enforceRateLimit', async (request: FastifyRequest, rule: RateLimitRule, subjects: string[]) => {
    let retryAfter = 0;
    for (const subject of subjects) {
      const result = await countHit(app.db, `${rule.name}:${subject.toLowerCase()}`, rule.windowSeconds);
      if (result.hits > rule.limit) retryAfter = Math.max(retryAfter, result.retryAfter, 1);
    }
    if (retryAfter > 0) {
      request.log.warn({ rule: rule.name }, 'rate limit reached');
      throw new AppError('rateLimited', 'errors:rateLimited', { 'retry-after': String(retryAfter) });
    }
  });
});
