import type { SessionUser } from '#common/auth/auth.contract.ts';
import { mayUse, type StaffRoute } from '#common/auth/permissions.ts';

/**
 * A case, its documents and its thread belong to its client; the firm's staff reach every case
 * when their role may use the back-office route that does the same (common/auth/permissions.ts).
 */
export function canAccessCase(viewer: Pick<SessionUser, 'id' | 'role'>, caseRow: { userId: string }, staffRoute: StaffRoute = 'GET /api/admin/cases/:id'): boolean {
  return caseRow.userId === viewer.id || mayUse(viewer.role, staffRoute);
}
