import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimitBuckets } from '#server/db/schema/rate-limits.ts';

/**
 * Counts one hit on `key` in a fixed window of `windowSeconds`, in one statement so that
 * concurrent requests on several instances never lose a count.
 */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
  const windowStart = sql`now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
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
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimitBuckets.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    });
  return row ?? { hits: 1, retryAfter: windowSeconds };
}
