import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { upsertConfirmedAccount } from '#server/features/auth/confirmed-account.ts';
import { unusedTotpCode } from './totp.ts';

let sequence = 0;

export type TestAccount = {
  user: { id: string; email: string; firstName: string; lastName: string; role: 'user' | 'admin' };
  password: string;
  /** A Cookie header value carrying the account's session, for app.inject. */
  cookie: string;
  /** The authenticator app's key (base32) of an account with a second factor: every admin has one. */
  totpSecret?: string;
};

const cookieHeader = (response: { cookies: { name: string; value: string }[] }) => response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/**
 * Signs an account in through the real routes, with the code its authenticator app would show
 * when it has a second factor; the Cookie header of the new session.
 */
export async function signInAccount(
  app: FastifyInstance,
  account: Pick<TestAccount, 'password' | 'totpSecret'> & { user: { email: string } },
  { remoteAddress }: { remoteAddress?: string } = {},
): Promise<string> {
  const signIn = await app.inject({ method: 'POST', url: '/api/account/sign-in', payload: { email: account.user.email, password: account.password }, remoteAddress });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  if (!(signIn.json() as { isSecondFactorRequired?: boolean }).isSecondFactorRequired) return cookieHeader(signIn);
  if (!account.totpSecret) throw new Error(`${account.user.email} has a second factor the test does not know`);
  const second = await app.inject({
    method: 'POST',
    url: '/api/account/sign-in/second-factor',
    payload: { code: await unusedTotpCode(account.totpSecret) },
    headers: { cookie: cookieHeader(signIn) },
    remoteAddress,
  });
  if (second.statusCode !== 200) throw new Error(`second factor failed: ${second.statusCode} ${second.body}`);
  return cookieHeader(second);
}

/**
 * Sets up the second factor of a signed-in account the way /perfil does (password, then a first
 * code); the key, the backup codes and the Cookie header of the session that replaces this one.
 */
export async function setUpTwoFactor(app: FastifyInstance, cookie: string, password: string): Promise<{ totpSecret: string; backupCodes: string[]; cookie: string }> {
  const enabled = await app.inject({ method: 'POST', url: '/api/account/two-factor/enable', payload: { password }, headers: { cookie } });
  if (enabled.statusCode !== 200) throw new Error(`two-factor set-up failed: ${enabled.statusCode} ${enabled.body}`);
  const { secret, backupCodes } = enabled.json() as { secret: string; backupCodes: string[] };
  const confirmed = await app.inject({ method: 'POST', url: '/api/account/two-factor/confirm', payload: { code: await unusedTotpCode(secret) }, headers: { cookie } });
  if (confirmed.statusCode !== 204) throw new Error(`two-factor confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { totpSecret: secret, backupCodes, cookie: cookieHeader(confirmed) };
}

/**
 * A confirmed account of the given role, signed in through the real sign-in route. An admin sets up
 * its second factor at that first sign-in, as the back office requires (ADR 029).
 */
export async function createAccount(
  t: { app: FastifyInstance; database: { db: Db } },
  options: { role?: 'user' | 'admin'; email?: string; firstName?: string; lastName?: string } = {},
): Promise<TestAccount> {
  sequence += 1;
  const email = options.email ?? `cliente${sequence}-${Date.now()}@example.com`;
  const password = 'Elche-Test-Password-2026';
  const firstName = options.firstName ?? 'Ana';
  const lastName = options.lastName ?? `García ${sequence}`;
  const role = options.role ?? 'user';
  const { id } = await upsertConfirmedAccount(t.app.auth, t.database.db, { email, password, firstName, lastName, role });
  const user = { id, email, firstName, lastName, role };
  const cookie = await signInAccount(t.app, { user, password });
  if (role !== 'admin') return { user, password, cookie };
  const twoFactor = await setUpTwoFactor(t.app, cookie, password);
  return { user, password, cookie: twoFactor.cookie, totpSecret: twoFactor.totpSecret };
}
