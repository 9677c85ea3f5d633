import { APIError } from 'better-auth/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmailRequest, Registration, ResetPassword, SessionUser, SignIn } from '#common/auth/auth.contract.ts';
import { AppError } from '#server/errors.ts';
import { authLimits } from './auth.limits.ts';
import { betterAuthHeaders } from './better-auth.ts';
import { deleteSessionByToken, rememberLanguage } from './auth.repository.ts';
import { withRequestLanguage } from './request-language.ts';

/** Better Auth sets and clears the session cookie through these headers. */
function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body?.code as string | undefined) : undefined;
}

/** The same answer whether or not the address already has an account (Better Auth fakes the sign-up). */
export async function register(app: FastifyInstance, request: FastifyRequest, input: Registration): Promise<void> {
  await app.enforceRateLimit(request, authLimits.signUpPerIp, [request.ip]);
  await app.enforceRateLimit(request, authLimits.signUpPerAccount, [input.email]);
  await withRequestLanguage(request.language, () =>
    app.auth.api.signUpEmail({
      body: {
        name: `${input.firstName} ${input.lastName}`,
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        language: request.language,
        callbackURL: input.returnTo ?? '/panel',
      },
      headers: betterAuthHeaders(request),
    }),
  );
  request.log.info({ event: 'sign-up' }, 'sign-up requested');
}

export async function signIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, input: SignIn): Promise<SessionUser> {
  await app.enforceRateLimit(request, authLimits.signInPerIp, [request.ip]);
  await app.enforceRateLimit(request, authLimits.signInPerAccount, [input.email]);
  const headers = betterAuthHeaders(request);
  const previous = await app.auth.api.getSession({ headers });
  try {
    const result = await app.auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers, returnHeaders: true });
    forwardCookies(reply, result.headers);
    // A new session on every sign-in; the one this browser had before ends.
    if (previous) await deleteSessionByToken(app.db, previous.session.token);
    await rememberLanguage(app.db, result.response.user.id, request.language);
    request.log.info({ event: 'sign-in', outcome: 'success', email: input.email, ip: request.ip }, 'sign-in attempt');
    request.user = null;
    const user = result.response.user as { id: string; email: string; firstName?: string; lastName?: string; role?: string };
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      role: user.role === 'admin' ? 'admin' : 'user',
    };
  } catch (error) {
    const code = errorCode(error);
    request.log.info({ event: 'sign-in', outcome: code ?? 'error', email: input.email, ip: request.ip }, 'sign-in attempt');
    if (code === 'EMAIL_NOT_VERIFIED') throw new AppError('emailNotConfirmed');
    if (error instanceof APIError) throw new AppError('invalidCredentials');
    throw error;
  }
}

export async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const headers = betterAuthHeaders(request);
  if (!(await app.auth.api.getSession({ headers }))) return;
  const result = await app.auth.api.signOut({ headers, returnHeaders: true });
  forwardCookies(reply, result.headers);
}

/** Answers alike for unknown, unconfirmed and confirmed addresses; only an unconfirmed one gets a mail. */
export async function resendConfirmation(app: FastifyInstance, request: FastifyRequest, input: EmailRequest): Promise<void> {
  await app.enforceRateLimit(request, authLimits.mailPerIp, [request.ip]);
  await app.enforceRateLimit(request, authLimits.mailPerAccount, [input.email]);
  await withRequestLanguage(request.language, () =>
    app.auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: '/panel' } }),
  ).catch((error: unknown) => {
    if (!(error instanceof APIError)) throw error;
  });
}

export async function requestPasswordReset(app: FastifyInstance, request: FastifyRequest, input: EmailRequest): Promise<void> {
  await app.enforceRateLimit(request, authLimits.mailPerIp, [request.ip]);
  await app.enforceRateLimit(request, authLimits.mailPerAccount, [input.email]);
  await withRequestLanguage(request.language, () =>
    app.auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: '/actualizar-contrasena' } }),
  );
}

/** A used or expired link is refused; on success every session of the account ends. */
export async function resetPassword(app: FastifyInstance, request: FastifyRequest, input: ResetPassword): Promise<void> {
  await app.enforceRateLimit(request, authLimits.resetPerIp, [request.ip]);
  try {
    await app.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) throw new AppError('invalidToken', 'errors:invalidToken');
    throw error;
  }
}
