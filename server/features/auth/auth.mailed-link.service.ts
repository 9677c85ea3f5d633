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
  if (await findUserIdByEmail(db, email)) return undefined;
  const context = await auth.$context;
  let userId: string;
  try {
    const created = await context.internalAdapter.createUser({
      name: `${account.firstName} ${account.lastName}`.trim(),
      email,
      emailVerified: false,
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      language: account.language,
    }, { method: 'mailed-link' });
    userId = created.id;
  } catch (error) {
    // Two acceptances at once: the other made the account, which this browser may not enter.
    if (await findUserIdByEmail(db, email)) return undefined;
    throw error;
  }
  const token = await createEmailVerificationToken(context.secret, email, undefined, linkLifetimeSeconds, { userId });
  const confirmed = await auth.api.verifyEmail({ query: { token }, headers, returnHeaders: true });
  log.info({ event: 'account-from-mailed-link', userId }, 'account made from a mailed link');
  return { userId, cookies: confirmed.headers.getSetCookie() };
}

/**
 * Mails an account made from a mailed link the link to choose its first password (Better Auth's
 * password reset, whose mail says so); an account that has a password gets nothing.
 */
export async function inviteToChoosePassword(deps: AuthDeps, userId: string, email: string, language: Language): Promise<void> {
  if (await hasPassword(deps.db, userId)) return;
  await requestPasswordReset(deps, { headers: new Headers(), language, ip: '' }, { email });
}
