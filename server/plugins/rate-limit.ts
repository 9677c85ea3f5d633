import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimitBuckets } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';

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
  async function hit(key: string, rule: RateLimitRule): Promise<{ hits: number; retryAfter: number }> {
    const windowStart = sql`now() - make_interval(secs => ${rule.windowSeconds})`;
    const [row] = await app.db
      .insert(rateLimitBuckets)
      .values({ key, windowStartedAt: sql`now()`, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitBuckets.key,
        set: {
          hits: sql`case when ${rateLimitBuckets.windowStartedAt} < ${windowStart} then 1 else ${rateLimitBuckets.hits} + 1 end`,
          windowStartedAt: sql`case when ${rateLimitBuckets.windowStartedAt} < ${windowStart} then now() else ${rateLimitBuckets.windowStartedAt} end`,
        },
      })
      .returning({
        hits: rateLimitBuckets.hits,
        retryAfter: sql<number>`ceil(extract(epoch from (${rateLimitBuckets.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now())))::int`,
      });
    return row ?? { hits: 1, retryAfter: rule.windowSeconds };
  }

  app.decorate('enforceRateLimit', async (request: FastifyRequest, rule: RateLimitRule, subjects: string[]) => {
    let retryAfter = 0;
    for (const subject of subjects) {
      const result = await hit(`${rule.name}:${subject.toLowerCase()}`, rule);
      if (result.hits > rule.limit) retryAfter = Math.max(retryAfter, result.retryAfter, 1);
    }
    if (retryAfter > 0) {
      request.log.warn({ rule: rule.name }, 'rate limit reached');
      throw new AppError('rateLimited', 'errors:rateLimited', { 'retry-after': String(retryAfter) });
    }
  });
});
