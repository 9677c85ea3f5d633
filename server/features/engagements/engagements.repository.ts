import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Language } from '#common/i18n/languages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { engagementAcceptances, engagementLetters } from '#server/db/schema/engagements.ts';

/** The firm's letters of one service, one row per language it wrote. */
export function listServiceLetters(db: Db, serviceId: string) {
  return db
    .select({ language: engagementLetters.language, text: engagementLetters.text, version: engagementLetters.version })
    .from(engagementLetters)
    .where(eq(engagementLetters.serviceId, serviceId));
}

/** Writes one language's letter, raising its version when the text changed. */
export async function saveServiceLetter(db: Tx, letter: { serviceId: string; language: Language; text: string; updatedBy: string; now: Date }): Promise<void> {
  const [current] = await db
    .select({ text: engagementLetters.text, version: engagementLetters.version })
    .from(engagementLetters)
    .where(and(eq(engagementLetters.serviceId, letter.serviceId), eq(engagementLetters.language, letter.language)))
    .for('update');
  if (current?.text === letter.text) return;
  const values = { text: letter.text, version: (current?.version ?? 0) + 1, updatedAt: letter.now, updatedBy: letter.updatedBy };
  await db
    .insert(engagementLetters)
    .values({ serviceId: letter.serviceId, language: letter.language, ...values })
    .onConflictDoUpdate({ target: [engagementLetters.serviceId, engagementLetters.language], set: values });
}

export function insertAcceptance(db: Db | Tx, acceptance: typeof engagementAcceptances.$inferInsert) {
  return db.insert(engagementAcceptances).values(acceptance);
}

/** The contract is made when the payment is paid: from then the 14 days run, and the letter names what it opened. */
export function markContracted(db: Tx, paymentId: string, contract: { contractedAt: Date; caseId: number | null; consultationId: string | null }) {
  return db
    .update(engagementAcceptances)
    .set(contract)
    .where(eq(engagementAcceptances.paymentId, paymentId))
    .returning({
      userId: engagementAcceptances.userId,
      serviceTitle: engagementAcceptances.serviceTitle,
      language: engagementAcceptances.language,
      text: engagementAcceptances.text,
      textSha256: engagementAcceptances.textSha256,
      version: engagementAcceptances.version,
      isEarlyStartRequested: engagementAcceptances.isEarlyStartRequested,
      acceptedAt: engagementAcceptances.acceptedAt,
    });
}

const acceptanceColumns = {
  id: engagementAcceptances.id,
  paymentId: engagementAcceptances.paymentId,
  userId: engagementAcceptances.userId,
  serviceTitle: engagementAcceptances.serviceTitle,
  language: engagementAcceptances.language,
  version: engagementAcceptances.version,
  text: engagementAcceptances.text,
  textSha256: engagementAcceptances.textSha256,
  isEarlyStartRequested: engagementAcceptances.isEarlyStartRequested,
  clientAddress: engagementAcceptances.clientAddress,
  acceptedAt: engagementAcceptances.acceptedAt,
  contractedAt: engagementAcceptances.contractedAt,
  caseId: engagementAcceptances.caseId,
  withdrawnAt: engagementAcceptances.withdrawnAt,
};
export type AcceptanceRow = Awaited<ReturnType<typeof findAcceptance>>;

/** One accepted letter whose contract was made (paid); undefined for an unknown id or a checkout never paid. */
export async function findAcceptance(db: Db | Tx, id: string) {
  const [row] = await db
    .select(acceptanceColumns)
    .from(engagementAcceptances)
    .where(and(eq(engagementAcceptances.id, id), isNotNull(engagementAcceptances.contractedAt)));
  return row;
}

/** The same, locked for a withdrawal. */
export async function lockAcceptance(db: Tx, id: string) {
  const [row] = await db
    .select(acceptanceColumns)
    .from(engagementAcceptances)
    .where(and(eq(engagementAcceptances.id, id), isNotNull(engagementAcceptances.contractedAt)))
    .for('update');
  return row;
}

export function setWithdrawn(db: Tx, id: string, withdrawal: { withdrawnAt: Date; withdrawalAddress: string }) {
  return db.update(engagementAcceptances).set(withdrawal).where(eq(engagementAcceptances.id, id));
}

/** The withdrawals of these payments' letters. */
export function listWithdrawals(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ paymentId: engagementAcceptances.paymentId, withdrawnAt: engagementAcceptances.withdrawnAt })
    .from(engagementAcceptances)
    .where(and(inArray(engagementAcceptances.paymentId, paymentIds), isNotNull(engagementAcceptances.withdrawnAt)));
}

/** A client's contracted letters, newest first. */
export function listClientAcceptances(db: Db, userId: string) {
  return db
    .select(acceptanceColumns)
    .from(engagementAcceptances)
    .where(and(eq(engagementAcceptances.userId, userId), isNotNull(engagementAcceptances.contractedAt)))
    .orderBy(desc(engagementAcceptances.acceptedAt));
}

/** The letters of one case. */
export function listCaseAcceptances(db: Db, caseId: number) {
  return db
    .select(acceptanceColumns)
    .from(engagementAcceptances)
    .where(and(eq(engagementAcceptances.caseId, caseId), isNotNull(engagementAcceptances.contractedAt)))
    .orderBy(desc(engagementAcceptances.acceptedAt));
}
