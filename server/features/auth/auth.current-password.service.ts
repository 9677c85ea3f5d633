import { APIError } from 'better-auth/api';
import type { AuthDeps, AuthRequest } from './auth.service.ts';
import { hasPassword } from './auth.repository.ts';

/**
 * Whether the signed-in person typed their account's password again, for an act that cannot be
 * undone: checked by Better Auth against the session of the request. An account made from a
 * mailed quote link or by the firm has none until its owner chooses one.
 */
export async function checkCurrentPassword(
  { auth, db }: Pick<AuthDeps, 'auth' | 'db'>,
  request: AuthRequest,
  userId: string,
  password: string,
): Promise<'correct' | 'wrong' | 'none'> {
  if (!(await hasPassword(db, userId))) return 'none';
  try {
    await auth.api.verifyPassword({ body: { password }, headers: request.headers });
    return 'correct';
  } catch (error) {
    if (error instanceof APIError) return 'wrong';
    throw error;
  }
}

/** The cookies that clear the browser's session, once its account's sessions are gone. */
export async function clearedSessionCookies({ auth }: Pick<AuthDeps, 'auth'>, request: AuthRequest): Promise<string[]> {
  const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return result.headers.getSetCookie();
}
