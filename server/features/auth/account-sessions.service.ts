import type { AccountSessions } from '#common/auth/two-factor.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import { deleteOwnSession, listLiveSessions } from './auth.repository.ts';
import type { AuthDeps, AuthRequest } from './auth.service.ts';

/** The session this request carries, which the account's list marks and which is never ended from it. */
async function currentSession({ auth }: Pick<AuthDeps, 'auth'>, request: AuthRequest) {
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) throw new AppError('unauthenticated');
  return session.session;
}

/** Where and since when the account is signed in, for its owner only. */
export async function listSessions(deps: Pick<AuthDeps, 'auth' | 'db'>, request: AuthRequest): Promise<AccountSessions> {
  const current = await currentSession(deps, request);
  const rows = await listLiveSessions(deps.db, current.userId, new Date());
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      isCurrent: row.id === current.id,
    })),
  };
}

/** Signs one other device out; another account's session, like an unknown one, is not found. */
export async function endSession(deps: Pick<AuthDeps, 'auth' | 'db'>, request: AuthRequest, sessionId: string): Promise<void> {
  const current = await currentSession(deps, request);
  if (sessionId === current.id) throw new AppError('conflict', 'auth:sessions.isCurrent');
  if (!(await deleteOwnSession(deps.db, current.userId, sessionId))) throw new AppError('notFound');
}

/** Signs every other device of the account out; this one stays signed in. */
export async function endOtherSessions({ auth }: Pick<AuthDeps, 'auth'>, request: AuthRequest): Promise<void> {
  await auth.api.revokeOtherSessions({ headers: request.headers });
}
