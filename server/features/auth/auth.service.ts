import { APIError } from 'better-auth/api';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { EmailRequest, Registration, ResetPassword, SessionUser, SignIn } from '#common/auth/auth.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { deleteSessionByToken, findAccountHolder, rememberLanguage } from './auth.repository.ts';
import { betterAuthHeaders, type BetterAuth } from './better-auth.ts';
import { withRequestLanguage } from './request-language.ts';
import { toSessionUser } from './session-user.ts';

export type AuthDeps = { auth: BetterAuth; db: Db; log: FastifyBaseLogger };

/** Who holds an account (names, documents, address, contact, language), for the features that bill or notify them; undefined for none. */
export function accountHolder({ db }: Pick<AuthDeps, 'db'>, userId: string) {
  return findAccountHolder(db, userId);
}

/** What Better Auth needs of a request: its headers (the session cookie, the client address) and its language. */
export type AuthRequest = { headers: Headers; language: Language; ip: string };

/** What Better Auth needs of a request, as plain values for the auth service. */
export function authRequest(request: FastifyRequest): AuthRequest {
  return { headers: betterAuthHeaders(request), language: request.language, ip: request.ip };
}

/** The account a request's session cookie names: the platform's session reader (platform/sessions.ts). */
export function sessionReader(auth: BetterAuth): (request: FastifyRequest) => Promise<SessionUser | null> {
  return async (request) => {
    const session = await auth.api.getSession({ headers: betterAuthHeaders(request) });
    return session ? toSessionUser(session.user) : null;
  };
}

/** The cookies Better Auth set or cleared, for the route to send. */
type Cookies = string[];

export function errorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body?.code as string | undefined) : undefined;
}

/** The same answer whether or not the address already has an account (Better Auth fakes the sign-up). */
export async function register({ auth, log }: AuthDeps, request: AuthRequest, input: Registration): Promise<void> {
  await withRequestLanguage(request.language, () =>
    auth.api.signUpEmail({
      body: {
        name: `${input.firstName} ${input.lastName}`,
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        language: request.language,
        privacyConsentedAt: new Date(),
        privacyPolicyVersion,
        callbackURL: input.returnTo ?? '/panel',
      },
      headers: request.headers,
    }),
  );
  log.info({ event: 'sign-up' }, 'sign-up requested');
}

/** Signed in, or (for an account with a second factor) the password was right and a code is awaited. */
export type SignInOutcome = { user: SessionUser } | { isSecondFactorRequired: true };

export async function signIn({ auth, db, log }: AuthDeps, request: AuthRequest, input: SignIn): Promise<{ outcome: SignInOutcome; cookies: Cookies }> {
  const previous = await auth.api.getSession({ headers: request.headers });
  try {
    const result = await auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: request.headers, returnHeaders: true });
    // A new session on every sign-in; the one this browser had before ends.
    if (previous) await deleteSessionByToken(db, previous.session.token);
    const cookies = result.headers.getSetCookie();
    if ('twoFactorRedirect' in result.response) {
      log.info({ event: 'sign-in', outcome: 'second-factor', ip: request.ip }, 'sign-in attempt');
      return { outcome: { isSecondFactorRequired: true }, cookies };
    }
    await rememberLanguage(db, result.response.user.id, request.language);
    log.info({ event: 'sign-in', outcome: 'success', userId: result.response.user.id, ip: request.ip }, 'sign-in attempt');
    return { outcome: { user: toSessionUser(result.response.user) }, cookies };
  } catch (error) {
    const code = errorCode(error);
    // The address typed stays out of the log: it may be someone else's, or a password typed in the wrong field.
    log.info({ event: 'sign-in', outcome: code ?? 'error', ip: request.ip }, 'sign-in attempt');
    if (code === 'EMAIL_NOT_VERIFIED') throw new AppError('emailNotConfirmed');
    if (error instanceof APIError) throw new AppError('invalidCredentials');
    throw error;
  }
}

/** Ends the session whose cookie Better Auth has just made, without ever sending that cookie. */
export async function discardNewSession({ db }: Pick<AuthDeps, 'db'>, setCookies: string[]): Promise<void> {
  for (const cookie of setCookies) {
    const match = /^(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie);
    const token = match?.[1] ? decodeURIComponent(match[1]).split('.')[0] : undefined;
    if (token) await deleteSessionByToken(db, token);
  }
}

export async function signOut({ auth }: AuthDeps, request: AuthRequest): Promise<Cookies> {
  if (!(await auth.api.getSession({ headers: request.headers }))) return [];
  const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return result.headers.getSetCookie();
}

/** Answers alike for unknown, unconfirmed and confirmed addresses; only an unconfirmed one gets a mail. */
export async function resendConfirmation({ auth }: AuthDeps, request: AuthRequest, input: EmailRequest): Promise<void> {
  await withRequestLanguage(request.language, () =>
    auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: '/panel' } }),
  ).catch((error: unknown) => {
    if (!(error instanceof APIError)) throw error;
  });
}

/** Mails an account the link to choose a new password (its first one, for an account made without); nothing for an unknown address. */
export async function requestPasswordReset({ auth }: AuthDeps, request: AuthRequest, input: EmailRequest): Promise<void> {
  await withRequestLanguage(request.language, () =>
    auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: '/actualizar-contrasena' } }),
  );
}

/**
 * The 'forgot password' form: answered at once, alike for every address, and the link mailed after.
 * Awaited, the token and the mail made an existing account's answer measurably slower than an
 * unknown address's, which told who is a client.
 */
export function answerPasswordResetRequest(deps: AuthDeps, request: AuthRequest, input: EmailRequest): void {
  requestPasswordReset(deps, request, input).catch((error: unknown) => deps.log.error({ err: error }, 'password reset request failed'));
}

/** A used or expired link is refused; on success every session of the account ends. */
export async function resetPassword({ auth }: AuthDeps, input: ResetPassword): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) throw new AppError('invalidToken', 'errors:invalidToken');
    throw error;
  }
}
