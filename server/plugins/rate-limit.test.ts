import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.ts';

describe('rate limits kept in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) =>
        app.post('/api/test-limited', async (request) => {
          await app.enforceRateLimit(request, { name: 'test', limit: 2, windowSeconds: 60 }, [request.ip, 'Ana@Example.com']);
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
});
