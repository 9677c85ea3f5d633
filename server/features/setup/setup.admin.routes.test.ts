import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';

const host = 'asesoria.example';

describe('GET /api/admin/setup-check in production', () => {
  let t: TestApp;
  let admin: TestAccount;
  let client: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', APP_URL: `https://${host}`, FIRM_NAME: 'Despacho Ilicitano' } });
    admin = await createAccount(t, { role: 'admin' });
    client = await createAccount(t);
  });
  afterAll(() => t.close());

  const check = (cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/admin/setup-check', headers: { host, ...(cookie ? { cookie } : {}), ...headers } });

  it('answers 401 to anonymous visitors and 403 to clients', async () => {
    expect((await check()).statusCode).toBe(401);
    expect((await check(client.cookie)).statusCode).toBe(403);
  });

  it('tells an admin what is not configured, each with the variables to set', async () => {
    const response = await check(admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { issues } = response.json<{ issues: { id: string; variables: string[] }[] }>();
    expect(issues.map((issue) => issue.id)).toEqual(['firmIdentity', 'mail', 'payments']);
    expect(issues[0]?.variables).not.toContain('FIRM_NAME');
  });

  it('remembers a request that came with X-Forwarded-For while TRUST_PROXY is unset', async () => {
    await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.7' } });
    const { issues } = (await check(admin.cookie)).json<{ issues: { id: string; variables: string[] }[] }>();
    expect(issues.at(-1)).toEqual({ id: 'proxyHeaders', variables: ['TRUST_PROXY'] });
  });
});

describe('GET /api/admin/setup-check outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports nothing: the local defaults are meant', async () => {
    const admin = await createAccount(t, { role: 'admin' });
    await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect((await t.app.inject({ url: '/api/admin/setup-check', headers: { cookie: admin.cookie } })).json()).toEqual({ issues: [] });
  });
});
