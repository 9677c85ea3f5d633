import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';

describe('rate limits kept in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) =>
        app.post('/api/test-limited', async (request) => {
          await app.enforceRateLimit(request, { name: 'test', limit: 2, windowSeconds: 60 }, [request.ip, 'Ana@Example.com']);
          return { ok: true };
        }).post('/api/test-brief', async (request) => {
          await app.enforceRateLimit(request, { name: 'brief', limit: 1, windowSeconds: 1 }, ['Luis@Example.com']);
          return { ok: true };
        }),
    });
  });
  afterAll(() => t.close());

  it('lets the limit through, then answers a translated 429 with Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/test-limited', headers: { 'accept-language': 'en' } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/test-limited', headers: { 'accept-language': 'en' } });
    expect(refused.json()).toEqual({ code: 'rateLimited', message: 'Too many attempts. Please wait a moment and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a key over its limit until its window ends without writing another count, then lets it through again', async () => {
    const post = () => t.app.inject({ method: 'POST', url: '/api/test-brief' });
    const hits = async () => (await t.app.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, 'brief:luis@example.com')))[0]?.hits;
    expect([(await post()).statusCode, (await post()).statusCode]).toEqual([200, 429]);
    expect(await hits()).toBe(2);
    expect((await post()).statusCode).toBe(429);
    expect(await hits()).toBe(2);
    // The one-second window (rounded up to whole seconds in Retry-After) has ended.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await post()).statusCode).toBe(200);
    expect(await hits()).toBe(1);
  });
});
