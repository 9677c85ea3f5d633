import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { upsertConfirmedAccount } from '#server/features/auth/confirmed-account.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';

/** A public form counts 10 submissions an hour per address, before validation: an empty body is enough. */
const submitContact = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({ method: 'POST', url: '/api/contact-requests', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: {} });

async function signInAndReadSessionAddress(t: TestApp, remoteAddress: string, forwardedFor: string): Promise<string | null> {
  const account = { email: `ana-${remoteAddress}@example.com`, password: 'Elche-Test-Password-2026', firstName: 'Ana', lastName: 'García', role: 'user' as const };
  const { id } = await upsertConfirmedAccount(t.app.auth, t.database.db, account);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/sign-in',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: account.email, password: account.password },
  });
  expect(response.statusCode).toBe(200);
  const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(desc(sessions.createdAt)).limit(1);
  return session?.ipAddress ?? null;
}

describe('the client address without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: a per-address limit holds however the header varies', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await submitContact(t, '198.51.100.4', `203.0.113.${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('gives Better Auth the socket address for the session, not the header', async () => {
    expect(await signInAndReadSessionAddress(t, '198.51.100.5', '203.0.113.7')).toBe('198.51.100.5');
  });
});

describe('the client address through a proxy TRUST_PROXY lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
  });
  afterAll(() => t.close());

  it('takes the address the proxy appended, so each client has its own count', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await submitContact(t, '10.0.0.1', `forged, 203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual(Array(12).fill(400));
  });

  it('still ignores the header from anyone but that proxy', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await submitContact(t, '198.51.100.9', `203.0.113.${i}`)).statusCode);
    expect(statuses[10]).toBe(429);
  });

  it('gives Better Auth the same address for the session', async () => {
    expect(await signInAndReadSessionAddress(t, '10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('a hop count in TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('believes the last address the nearest proxy appended, and nothing before it', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await submitContact(t, '10.0.0.2', `203.0.113.${i}, 192.0.2.1`)).statusCode);
    expect(statuses[10]).toBe(429);
    expect((await submitContact(t, '10.0.0.2', '192.0.2.2')).statusCode).toBe(400);
  });
});
