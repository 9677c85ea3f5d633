import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

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

  it('is the owner’s alone: every other staff role is refused, and reads no server variable', async () => {
    for (const role of ['lawyer', 'reception', 'translator', 'accounting'] as const) {
      const response = await check((await createAccount(t, { role })).cookie);
      expect(response.statusCode, role).toBe(403);
      expect(response.body, role).not.toContain('SMTP_URL');
    }
  });

  it('tells an admin what is not configured, each with the variables to set', async () => {
    const response = await check(admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { issues } = response.json<{ issues: { id: string; variables: string[] }[] }>();
    expect(issues.map((issue) => issue.id)).toEqual(['firmIdentity', 'mail', 'paymentsOff', 'fileScanning', 'billingRecordsKept']);
    expect(issues[0]?.variables).not.toContain('FIRM_NAME');
  });

  it('takes no payment without Stripe on a public site: hiring says so, writes nothing, and no test page answers', async () => {
    const hire = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { host, origin: `https://${host}`, cookie: client.cookie, 'accept-language': 'en' },
      payload: await acceptingLetter(t.app, { cookie: client.cookie }, { service: { id: 'arraigo' }, user: { id: client.user.id, email: client.user.email } }),
    });
    expect(hire.statusCode).toBe(503);
    expect(hire.json()).toEqual({
      code: 'paymentsUnavailable',
      message: 'Online payment is not available. Write to us or call us and we will help you hire the service.',
    });
    expect(await t.database.db.select().from(payments)).toEqual([]);
    const testPage = await t.app.inject({ url: '/api/payments/test-checkout/test_00000000-0000-4000-8000-000000000000', headers: { host, cookie: client.cookie } });
    expect(testPage.statusCode).toBe(404);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { host }, payload: '{}' });
    expect(webhook.statusCode).toBe(404);
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
