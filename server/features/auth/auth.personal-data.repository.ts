import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from '#server/db/schema/auth.ts';

export const personalTables = [users, sessions, accounts, verifications, twoFactors];

export async function findAccount(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

/** The account, locked until the erasure commits: its role and e-mail as they are now. */
export async function lockAccount(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** How many other owners there are, their rows locked so that two owners cannot both leave at once. */
export async function countOtherAdmins(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), ne(users.id, userId)))
    .for('update');
  return rows.length;
}

/* Every column is named: never a password hash nor a session token. */
export async function readAccount(db: Db, userId: string) {
  const [[account], sessionRows] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        isEmailConfirmed: users.emailVerified,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        passportNumber: users.passportNumber,
        nie: users.nie,
        address: users.address,
        dateOfBirth: users.dateOfBirth,
        language: users.language,
        role: users.role,
        privacyConsentedAt: users.privacyConsentedAt,
        privacyPolicyVersion: users.privacyPolicyVersion,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
  ]);
  return { account, sessions: sessionRows };
}

/**
 * Nobody can sign in to the account again (its sessions, password and pending links go), and the
 * row that payments, invoices' payments and audit entries point to keeps no personal data.
 */
export async function anonymiseAccount(db: Db, userId: string, erasedEmail: string, now: Date): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(accounts).where(eq(accounts.userId, userId));
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await db.delete(verifications).where(eq(verifications.value, userId));
  await db
    .update(users)
    .set({
      name: '',
      email: erasedEmail,
      emailVerified: false,
      image: null,
      role: 'user',
      firstName: '',
      lastName: '',
      phone: '',
      passportNumber: null,
      nie: null,
      address: null,
      dateOfBirth: null,
      language: 'es',
      privacyConsentedAt: null,
      privacyPolicyVersion: null,
      twoFactorEnabled: false,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
