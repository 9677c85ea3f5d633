import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { isStaffRoute, mayUse } from '#common/auth/permissions.ts';
import { isStaffRole } from '#common/auth/staff-roles.ts';
import { AppError } from '#server/platform/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a signed-in account of any role, else 401. Sets request.user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler of every back-office route: a staff member with a second factor whose role the
     * permission table (common/auth/permissions.ts) allows on this route, else 401 (anonymous) or
     * 403 ('twoFactorRequired' for a staff member without one). A route with no row fails (500).
     * Sets request.user.
     */
    requireStaff: (request: FastifyRequest) => Promise<void>;
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
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    // A HEAD request is its GET route's.
    const route = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? ''}`;
    if (!isStaffRoute(route)) throw new Error(`${route} has no row in the staff permission table`);
    const user = await request.sessionUser();
    if (!user) throw new AppError('unauthenticated');
    if (user.isTwoFactorSetupRequired) throw new AppError('twoFactorRequired');
    if (!isStaffRole(user.role) || !mayUse(user.role, route)) throw new AppError('forbidden');
  });
});
