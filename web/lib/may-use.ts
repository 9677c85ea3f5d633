import { mayUse, type StaffRoute } from '#common/auth/permissions.ts';
import { useSessionUser } from './session.ts';

/**
 * Whether the signed-in staff member's role may use a back-office route (common/auth/permissions.ts):
 * the back office hides what the server would refuse; the server stays the gate. Its own module, so
 * that the permission table loads with the back office and never with a public page.
 */
export function useMayUse(route: StaffRoute): boolean {
  const user = useSessionUser();
  return user ? mayUse(user.role, route) : false;
}
