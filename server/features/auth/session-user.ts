import type { SessionUser } from '#common/auth/auth.contract.ts';

type StoredUser = { id: string; email: string; firstName?: unknown; lastName?: unknown; role?: unknown; twoFactorEnabled?: unknown };

/**
 * The account as routes and the browser see it. An admin has the admin's powers only once a
 * second factor is set up (ADR 029): until then it acts as a client everywhere, and the back
 * office answers 'twoFactorRequired'.
 */
export function toSessionUser(user: StoredUser): SessionUser {
  const hasTwoFactor = user.twoFactorEnabled === true;
  // Anything but an explicit admin is a client.
  const isAdmin = user.role === 'admin';
  return {
    id: user.id,
    email: user.email,
    firstName: typeof user.firstName === 'string' ? user.firstName : '',
    lastName: typeof user.lastName === 'string' ? user.lastName : '',
    role: isAdmin && hasTwoFactor ? 'admin' : 'user',
    hasTwoFactor,
    isTwoFactorSetupRequired: isAdmin && !hasTwoFactor,
  };
}
