import type { FastifyInstance } from 'fastify';
import type { Role } from '#common/auth/auth.contract.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { upsertConfirmedAccount } from '#server/features/auth/confirmed-account.ts';
import { unusedTotpCode } from './totp.ts';

let sequence = 0;

export type TestAccount = {
  user: { id: string; email: string; firstName: string; lastName: string; role: Role };
  password: string;
  /** A Cookie header value carrying the account's session, for app.inject. */
  cookie: string;
  /** The authenticator app's key (base32) of an account with a second factor: every staff member has one. */
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
 * What a client's complete invoice needs (Real Decreto 1619/2012, art. 6), which a client's profile
 * has by default here so that every test that pays can: a NIE, an address, Spain, a private person.
 */
export const completeClientProfile = { nie: 'X1234567L', address: 'Calle Mayor 2, 03202 Elche', residenceCountry: 'ES', buyerKind: 'private' } as const;

/** The profile fields a test may set for the invoice's recipient, or null for a client who has not filled any in. */
type RecipientProfile = Partial<Pick<typeof users.$inferInsert, 'nie' | 'passportNumber' | 'address' | 'residenceCountry' | 'buyerKind' | 'businessName' | 'businessTaxId'>>;

/**
 * A confirmed account of the given role, signed in through the real sign-in route. A staff member
 * sets up its second factor at that first sign-in, as the back office requires (ADR 029). 'admin'
 * is the owner, who may do everything: the tests written before the staff roles ask for it so.
 */
export async function createAccount(
  t: { app: FastifyInstance; database: { db: Db } },
  options: { role?: Role | 'admin'; email?: string; firstName?: string; lastName?: string; profile?: RecipientProfile | null } = {},
): Promise<TestAccount> {
  sequence += 1;
  const email = options.email ?? `cliente${sequence}-${Date.now()}@example.com`;
  const password = 'Elche-Test-Password-2026';
  const firstName = options.firstName ?? 'Ana';
  const lastName = options.lastName ?? `García ${sequence}`;
  const role: Role = options.role === 'admin' ? 'owner' : (options.role ?? 'user');
  const { id } = await upsertConfirmedAccount(t.app.auth, t.database.db, { email, password, firstName, lastName, role });
  // A client's profile is complete unless the test says otherwise (null: nothing filled in).
  const profile = options.profile === undefined ? (role === 'user' ? completeClientProfile : null) : options.profile;
  if (profile) await t.database.db.update(users).set(profile).where(eq(users.id, id));
  const user = { id, email, firstName, lastName, role };
  const cookie = await signInAccount(t.app, { user, password });
  if (role === 'user') return { user, password, cookie };
  const twoFactor = await setUpTwoFactor(t.app, cookie, password);
  return { user, password, cookie: twoFactor.cookie, totpSecret: twoFactor.totpSecret };
}

/** A firm of one person in each staff role, with the names the team tests mention with `@` and read in mails. */
export async function createStaffTeam(t: { app: FastifyInstance; database: { db: Db } }) {
  return {
    owner: await createAccount(t, { role: 'owner', firstName: 'Olga', lastName: 'Martín' }),
    lawyer: await createAccount(t, { role: 'lawyer', firstName: 'Lucía', lastName: 'Pérez' }),
    reception: await createAccount(t, { role: 'reception', firstName: 'Rafa', lastName: 'Gil' }),
    translator: await createAccount(t, { role: 'translator', firstName: 'Tomás', lastName: 'Ruiz' }),
    accounting: await createAccount(t, { role: 'accounting', firstName: 'Ana', lastName: 'Sanz' }),
  };
}
