import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { AppError } from '#server/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
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

/** The account a request's session cookie names, or null: the auth feature reads it (auth.module.ts), app.ts hands it here. */
export type SessionReader = (request: FastifyRequest) => Promise<SessionUser | null>;

/** Sessions (HttpOnly cookies) and the role checks every route uses. */
export const sessionsPlugin = fp<{ readSession: SessionReader }>(async (app, { readSession }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionUserNow', function (this: FastifyRequest) {
    return readSession(this);
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
