import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { AppError } from '#server/errors.ts';
import { createAuthMails } from '#server/features/auth/auth.mails.ts';
import type { AuthRequest } from '#server/features/auth/auth.service.ts';
import { betterAuthHeaders, createBetterAuth, type BetterAuth } from '#server/features/auth/better-auth.ts';
import { toSessionUser } from '#server/features/auth/session-user.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: BetterAuth;
    /** preHandler: a signed-in account of any role, else 401. Sets request.user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: an admin with a second factor, else 401 (anonymous) or 403 ('twoFactorRequired' for an admin without one). Sets request.user. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in account, once a preHandler or sessionUser() resolved it. */
    user: SessionUser | null;
    sessionUser: () => Promise<SessionUser | null>;
    /** The session read again now: a long-lived answer (a stream) notices a sign-out or a role change. */
    sessionUserNow: () => Promise<SessionUser | null>;
  }
}

/** Sessions (Better Auth, HttpOnly cookies) and the role checks every route uses. */
export const authPlugin = fp(async (app) => {
  const auth = createBetterAuth(app.config, app.db, createAuthMails(app.config, app.outbox));
  app.decorate('auth', auth);

  app.decorateRequest('user', null);
  app.decorateRequest('sessionUserNow', async function (this: FastifyRequest) {
    const session = await auth.api.getSession({ headers: betterAuthHeaders(this) });
    return session ? toSessionUser(session.user) : null;
  });
  app.decorateRequest('sessionUser', async function (this: FastifyRequest) {
    this.user ??= await this.sessionUserNow();
    return this.user;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!(await request.sessionUser())) throw new AppError('unauthenticated');
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await request.sessionUser();
    if (!user) throw new AppError('unauthenticated');
    if (user.isTwoFactorSetupRequired) throw new AppError('twoFactorRequired');
    if (user.role !== 'admin') throw new AppError('forbidden');
  });
});

/** What Better Auth needs of a request, as plain values for the auth service. */
export function authRequest(request: FastifyRequest): AuthRequest {
  return { headers: betterAuthHeaders(request), language: request.language, ip: request.ip };
}
