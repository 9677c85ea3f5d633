import type { SessionUser } from '#common/auth/auth.contract.ts';
import { isStaffRole } from '#common/auth/staff-roles.ts';

type StoredUser = { id: string; email: string; firstName?: unknown; lastName?: unknown; role?: unknown; twoFactorEnabled?: unknown };

/**
 * The account as routes and the browser see it. A staff member has their role's powers only once a
 * second factor is set up (ADR 029): until then they act as a client everywhere, and the back
 * office answers 'twoFactorRequired'.
 */
export function toSessionUser(user: StoredUser): SessionUser {
  const hasTwoFactor = user.twoFactorEnabled === true;
  // Anything but a staff role is a client.
  const staffRole = typeof user.role === 'string' && isStaffRole(user.role) ? user.role : undefined;
  return {
    id: user.id,
    email: user.email,
    firstName: typeof user.firstName === 'string' ? user.firstName : '',
    lastName: typeof user.lastName === 'string' ? user.lastName : '',
    role: staffRole && hasTwoFactor ? staffRole : 'user',
    hasTwoFactor,
    isTwoFactorSetupRequired: staffRole !== undefined && !hasTwoFactor,
  };
}
