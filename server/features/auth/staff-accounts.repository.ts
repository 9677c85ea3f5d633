import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { StaffRole } from '#common/auth/staff-roles.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema/auth.ts';

/** Every account with a staff role, active or not, by name. */
export function listStaffAccounts(db: Db) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
      deactivatedAt: users.deactivatedAt,
      language: users.language,
    })
    .from(users)
    .where(ne(users.role, 'user'))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** The account, its row locked for a change of role or its deactivation. */
export async function lockStaffAccount(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function updateStaffRole(db: Db | Tx, userId: string, role: StaffRole): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Marks the account deactivated and ends every session it has. */
export async function deactivateAccount(db: Db | Tx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ deactivatedAt: at, updatedAt: at }).where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNotNull(users.deactivatedAt)));
  return Boolean(row);
}
