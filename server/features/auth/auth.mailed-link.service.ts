import { createEmailVerificationToken } from 'better-auth/api';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { findUserIdByEmail, hasPassword } from './auth.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import { requestPasswordReset } from './auth.service.ts';

type NewAccount = { email: string; firstName: string; lastName: string; phone: string; language: Language };

/** The verification link made here is followed at once, by the server itself. */
const linkLifetimeSeconds = 60;

/** The account of an e-mail address, if it has one. */
export function accountIdOf({ db }: { db: Db }, email: string): Promise<string | undefined> {
  return findUserIdByEmail(db, email.trim().toLowerCase());
}

/**
 * Makes an account with no password yet, or answers undefined when the address has one (made
 * meanwhile by a request racing this one, too).
 */
async function createPasswordlessAccount(
  { auth, db }: Pick<AuthDeps, 'auth' | 'db'>,
  account: NewAccount,
  { isEmailVerified, method }: { isEmailVerified: boolean; method: string },
): Promise<string | undefined> {
  const email = account.email.trim().toLowerCase();
  if (await findUserIdByEmail(db, email)) return undefined;
  const context = await auth.$context;
  try {
    const created = await context.internalAdapter.createUser({
      name: `${account.firstName} ${account.lastName}`.trim(),
      email,
      emailVerified: isEmailVerified,
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      language: account.language,
    }, { method });
    return created.id;
  } catch (error) {
    if (await findUserIdByEmail(db, email)) return undefined;
    throw error;
  }
}

/**
 * An account for an address that a link the firm mailed to it has just proved (a quote accepted by
 * someone without an account), with no password yet, and the browser that followed the link signed
 * in to it: Better Auth's own e-mail confirmation, made and followed here, confirms the address and
 * makes the session, so no session or cookie is forged outside it. Undefined when the address
 * already has an account (made meanwhile, too): that one is never signed in from a mailed link.
 */
export async function createAccountFromMailedLink(
  { auth, db, log }: AuthDeps,
  account: NewAccount,
  headers: Headers,
): Promise<{ userId: string; cookies: string[] } | undefined> {
  const email = account.email.trim().toLowerCase();
  // Undefined also for two acceptances at once: the other made the account, which this browser may not enter.
  const userId = await createPasswordlessAccount({ auth, db }, account, { isEmailVerified: false, method: 'mailed-link' });
  if (!userId) return undefined;
  const context = await auth.$context;
  const token = await createEmailVerificationToken(context.secret, email, undefined, linkLifetimeSeconds, { userId });
  const confirmed = await auth.api.verifyEmail({ query: { token }, headers, returnHeaders: true });
  log.info({ event: 'account-from-mailed-link', userId }, 'account made from a mailed link');
  return { userId, cookies: confirmed.headers.getSetCookie() };
}

/**
 * The account the firm makes for a client it met in person (an offline payment recorded for someone
 * without one), with no password yet: its address counts as confirmed, since nobody can sign in to
 * it before following the link mailed there to choose the password (inviteToChoosePassword).
 * Undefined when the address already has an account.
 */
export async function createAccountForClient({ auth, db, log }: AuthDeps, account: NewAccount): Promise<string | undefined> {
  const userId = await createPasswordlessAccount({ auth, db }, account, { isEmailVerified: true, method: 'firm' });
  if (userId) log.info({ event: 'account-made-by-firm', userId }, 'account made by the firm for a client');
  return userId;
}

/**
 * Mails an account made without a password (from a mailed link, or by the firm) the link to choose its first password (Better Auth's
 * password reset, whose mail says so); an account that has a password gets nothing.
 */
export async function inviteToChoosePassword(deps: AuthDeps, userId: string, email: string, language: Language): Promise<void> {
  if (await hasPassword(deps.db, userId)) return;
  await requestPasswordReset(deps, { headers: new Headers(), language, ip: '' }, { email });
}
