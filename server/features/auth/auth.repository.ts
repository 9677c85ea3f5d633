import { and, eq, isNotNull } from 'drizzle-orm';
import type { Role } from '#common/auth/auth.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, sessions, users } from '#server/db/schema/index.ts';

export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/** Whether the account has a password (an account made from a mailed quote link has none until its owner chooses one). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .limit(1);
  return Boolean(row);
}

/** Makes an account confirmed with this role (the operator's admin:create, and tests). */
export async function confirmWithRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.update(users).set({ role, emailVerified: true }).where(eq(users.id, userId));
}

export async function rememberLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}
