import type { StaffRole } from '#common/auth/staff-roles.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { BetterAuth } from './better-auth.ts';
import { upsertConfirmedAccount } from './confirmed-account.ts';
import { findUserIdByEmail } from './auth.repository.ts';
import { deactivateAccount, listStaffAccounts, lockStaffAccount, updateStaffRole } from './staff-accounts.repository.ts';

/**
 * The staff's accounts as the staff feature manages them: the users table is the auth feature's,
 * so the Equipo tab's reads and writes of it come through here.
 */
export const staffAccounts = {
  list: (db: Db) => listStaffAccounts(db),
  lock: (db: Db | Tx, userId: string) => lockStaffAccount(db, userId),
  setRole: (db: Db | Tx, userId: string, role: StaffRole) => updateStaffRole(db, userId, role),
  /** Deactivates the account and ends its sessions at once; no new session is made for it (better-auth.ts). */
  deactivate: (db: Db | Tx, userId: string, at: Date) => deactivateAccount(db, userId, at),
  hasAccount: async (db: Db, email: string) => (await findUserIdByEmail(db, email.trim().toLowerCase())) !== undefined,
  /** The invited person's confirmed account, with its first password and role. */
  create: (auth: BetterAuth, db: Db, input: { email: string; password: string; firstName: string; lastName: string; phone: string; role: StaffRole }) =>
    upsertConfirmedAccount(auth, db, input),
};
