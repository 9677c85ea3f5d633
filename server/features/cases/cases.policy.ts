import type { SessionUser } from '#common/auth/auth.contract.ts';

/** A case, its documents and its thread belong to its client; the firm's admins see every case. */
export function canAccessCase(viewer: Pick<SessionUser, 'id' | 'role'>, caseRow: { userId: string }): boolean {
  return viewer.role === 'admin' || caseRow.userId === viewer.id;
}
