import { and, desc, eq, gt, isNotNull, isNull, like, lt, ne, or } from 'drizzle-orm';
import type { Role } from '#common/auth/auth.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from '#server/db/schema/auth.ts';

export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/** Moves a mailed link's end later than Better Auth's one setting for its kind allows. */
export async function extendVerification(db: Db, identifier: string, expiresAt: Date): Promise<void> {
  await db.update(verifications).set({ expiresAt }).where(eq(verifications.identifier, identifier));
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

/** Whom a mail about the account goes to: the name it greets and the language the person last used. */
export async function findMailRecipient(db: Db, userId: string): Promise<{ firstName: string; language: Language } | undefined> {
  const [row] = await db.select({ firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, userId));
  return row;
}

/** Who holds the account, as a payment, the firm's notice of it and its invoice name them. */
export async function findAccountHolder(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      nie: users.nie,
      passportNumber: users.passportNumber,
      address: users.address,
      residenceCountry: users.residenceCountry,
      buyerKind: users.buyerKind,
      businessName: users.businessName,
      businessTaxId: users.businessTaxId,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Whether an account other than this one holds the address. */
export async function isEmailTakenByAnother(db: Db | Tx, email: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, userId)));
  return Boolean(row);
}

/**
 * Gives the account its address back as confirmed, ends all its sessions, turns off a second factor
 * (whoever moved the account may have set one up to keep its owner out), makes its password the
 * unusable hash given, drops the reset links issued for it and leaves a mark (kept as long as an
 * e-mail change link lives) that refuses the change links issued before now. Call inside one
 * transaction; false when the account no longer exists.
 */
export async function restoreEmail(
  tx: Tx,
  { userId, email, unusablePasswordHash, markIdentifier, markExpiresAt, now }: {
    userId: string;
    email: string;
    unusablePasswordHash: string;
    markIdentifier: string;
    markExpiresAt: Date;
    now: Date;
  },
): Promise<boolean> {
  const [restored] = await tx
    .update(users)
    .set({ email, emailVerified: true, twoFactorEnabled: false, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!restored) return false;
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx
    .update(accounts)
    .set({ password: unusablePasswordHash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  // Better Auth keeps a reset link as 'reset-password:<token>' with the account's id as its value.
  await tx.delete(verifications).where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
  await tx.insert(verifications).values({ id: crypto.randomUUID(), identifier: markIdentifier, value: now.toISOString(), expiresAt: markExpiresAt });
  return true;
}

/** When the latest undo of an e-mail change left its mark (restoreEmail), if one still lives. */
export async function findLatestMark(db: Db, identifier: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, identifier))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row && row.expiresAt > now ? new Date(row.value) : undefined;
}

/** The account's sessions that have not expired, the most recently active first. */
export async function listLiveSessions(db: Db, userId: string, now: Date) {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt));
}

/** Ends one session of the account; false when the account has no session of that id. */
export async function deleteOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).returning({ id: sessions.id });
  return deleted.length > 0;
}

/** The account's TOTP secret as Better Auth stored it (encrypted with the auth secret). */
export async function findTotpSecret(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  return row?.secret;
}

/**
 * Records `step` as the last app code accepted, only if it is later than the one recorded: false
 * when that step or a later one was used already. One statement, so of two requests with one code
 * only the first wins, also at once on PostgreSQL (the second waits for the row and sees the step).
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}

/** A new secret starts with no code used (the steps of the old one say nothing about it). */
export async function forgetTotpStep(db: Db, userId: string): Promise<void> {
  await db.update(twoFactors).set({ lastTotpStep: null }).where(eq(twoFactors.userId, userId));
}
