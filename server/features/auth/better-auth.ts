import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { defaultLanguage, isLanguage, type Language } from '#common/i18n/languages.ts';
import { maxPasswordLength, minPasswordLength } from '#common/auth/password-policy.ts';
import type { AppConfig } from '#server/config/env.ts';
import { resolveAuthSecret } from '#server/config/secret.ts';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema/auth.ts';
import type { AuthMails } from './auth.mails.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { extendVerification, findUserEmail, hasPassword } from './auth.repository.ts';
import { isDeactivated } from './staff-accounts.repository.ts';
import { requestLanguage } from './request-language.ts';

type MailUser = { id: string; email: string; firstName?: unknown; language?: unknown };

const oneHour = 60 * 60;

/**
 * How long the link that chooses an account's first password lives: the account was made for the
 * client (a quote's link, a payment the firm recorded), who reads that mail when they can, where a
 * forgotten password's link is asked for and used at once.
 */
const firstPasswordLinkSeconds = 24 * oneHour;

/** How long the link that confirms a new e-mail lives; an undone change refuses those issued before it for as long. */
export const emailConfirmationSeconds = 24 * oneHour;

/** The verification values of the links that undo an e-mail change (email-change.service.ts), stored as a hash. */
export const undoEmailChangePrefix = 'undo-email-change:';

/** The only header Better Auth reads the client's address from; our server sets it on every call. */
const clientAddressHeader = 'x-client-address';

/**
 * A request's headers as Better Auth receives them, carrying the client address Fastify resolved
 * (`request.ip`, which honours TRUST_PROXY): the one address our rate limits and logs use also
 * goes into Better Auth's session records and its own rate limiter. A client's own value of the
 * header is overwritten, and X-Forwarded-For is never read.
 */
export function betterAuthHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(clientAddressHeader, request.ip);
  return headers;
}

/**
 * Better Auth on our database: e-mail and password with confirmation, reset and e-mail change.
 * Only its mail-link endpoints are exposed over HTTP; everything else goes through our routes,
 * which validate, rate-limit and translate first (auth.routes.ts).
 */
export function createBetterAuth(config: AppConfig, db: Db, mails: AuthMails) {
  function recipient(user: MailUser, email = user.email) {
    const stored: Language = isLanguage(user.language) ? user.language : defaultLanguage;
    return { email, firstName: typeof user.firstName === 'string' ? user.firstName : '', language: requestLanguage() ?? stored };
  }

  return betterAuth({
    appName: config.firm.brandName,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users: schema.users, sessions: schema.sessions, accounts: schema.accounts, verifications: schema.verifications, twoFactors: schema.twoFactors },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
        phone: { type: 'string', required: true },
        language: { type: 'string', required: false, defaultValue: defaultLanguage },
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        // Set by our registration route only: Better Auth's own sign-up endpoint is not served (ADR 005).
        privacyConsentedAt: { type: 'date', required: false },
        privacyPolicyVersion: { type: 'string', required: false },
      },
      // Without a confirmation sender for the old address, Better Auth mails the new one and
      // changes nothing until that link is followed; the old address is told then, with a way to
      // undo it (email-change.service.ts, ADR 022).
      changeEmail: { enabled: true },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // A staff member the owner deactivated gets no session, whatever they sign in with.
    databaseHooks: { session: { create: { before: async (session) => (await isDeactivated(db, session.userId)) ? false : undefined } } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength,
      maxPasswordLength,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: oneHour,
      revokeSessionsOnPasswordReset: true,
      // An account made from a mailed quote link or by the firm has no password yet: its link chooses the first one.
      sendResetPassword: async ({ user, url, token }) => {
        if (await hasPassword(db, user.id)) return mails.resetPassword(db, recipient(user), url);
        await extendVerification(db, `reset-password:${token}`, new Date(Date.now() + firstPasswordLinkSeconds * 1000));
        return mails.setPassword(db, recipient(user), url);
      },
      onExistingUserSignUp: ({ user }) => mails.existingAccount(db, recipient(user)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: emailConfirmationSeconds,
      sendVerificationEmail: async ({ user, url }) => {
        // For an e-mail change Better Auth passes the account with the new address.
        const storedEmail = await findUserEmail(db, user.id);
        const isChange = storedEmail !== undefined && storedEmail !== user.email;
        await (isChange ? mails.changeEmail : mails.confirmAccount)(db, recipient(user), url);
      },
    },
    // A second factor (authenticator app, with backup codes) for every account, required of admins
    // (ADR 029). Its endpoints are reached only through our routes (two-factor.routes.ts).
    plugins: [twoFactor({ issuer: config.firm.brandName })],
    // The undo link is a bearer secret valid for days: only its SHA-256 is kept.
    verification: { storeIdentifier: { default: 'plain', overrides: { [undoEmailChangePrefix]: 'hashed' } } },
    advanced: {
      // Its own rate limiter stays on: it covers the mail-link endpoints (auth.routes.ts), which
      // our limits do not, and now counts per real client instead of one shared bucket.
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
