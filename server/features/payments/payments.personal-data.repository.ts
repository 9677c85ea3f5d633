import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FamilyMember } from '#common/billing/billing-vocabulary.ts';
import type { Db } from '#server/db/client.ts';
import type { KeptRecords, PersonalRecords } from '#server/db/personal-data.ts';
import { payments, refunds } from '#server/db/schema/payments.ts';

export const personalTables = [payments, refunds];

export async function findPaymentIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId));
  return rows.map((row) => row.id);
}

export async function readPayments(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return { payments: [], refunds: [] };
  const [paymentRows, refundRows] = await Promise.all([
    db
      .select({
        id: payments.id,
        serviceId: payments.serviceId,
        service: payments.serviceDetails,
        amountCents: payments.amountCents,
        currency: payments.currency,
        creditedCents: payments.creditedCents,
        status: payments.paymentStatus,
        provider: payments.provider,
        method: payments.method,
        billing: payments.billing,
        familyMembers: payments.familyMembers,
        refundedCents: payments.refundedCents,
        caseId: payments.caseId,
        consultationId: payments.consultationId,
        quoteId: payments.quoteId,
        paidAt: payments.paidAt,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(inArray(payments.id, paymentIds))
      .orderBy(asc(payments.createdAt)),
    db
      .select({ paymentId: refunds.paymentId, amountCents: refunds.amountCents, reason: refunds.reason, outcome: refunds.outcome, createdAt: refunds.createdAt })
      .from(refunds)
      .where(inArray(refunds.paymentId, paymentIds))
      .orderBy(asc(refunds.createdAt)),
  ]);
  return { payments: paymentRows, refunds: refundRows };
}

/** Whether a checkout of this account may still be paid. */
export async function hasOpenCheckout(db: Db, userId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.paymentStatus, 'pending'), gt(payments.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** Which of these cases, consultations and quotes a payment names: kept, emptied of personal data, for the payment and its invoices. */
export async function recordsPaymentsName(db: Db, records: PersonalRecords): Promise<KeptRecords> {
  const conditions = [
    records.caseIds.length > 0 ? inArray(payments.caseId, records.caseIds) : undefined,
    records.consultationIds.length > 0 ? inArray(payments.consultationId, records.consultationIds) : undefined,
    records.consultationIds.length > 0 ? inArray(payments.creditConsultationId, records.consultationIds) : undefined,
    records.quoteIds.length > 0 ? inArray(payments.quoteId, records.quoteIds) : undefined,
  ];
  const where = or(...conditions);
  const rows = where
    ? await db
        .select({ caseId: payments.caseId, consultationId: payments.consultationId, creditConsultationId: payments.creditConsultationId, quoteId: payments.quoteId })
        .from(payments)
        .where(where)
    : [];
  const among = <T>(values: Array<T | null>, ids: T[]) => [...new Set(values.filter((value): value is T => value !== null && ids.includes(value)))];
  return {
    caseIds: among(rows.map((row) => row.caseId), records.caseIds),
    consultationIds: among(rows.flatMap((row) => [row.consultationId, row.creditConsultationId]), records.consultationIds),
    quoteIds: among(rows.map((row) => row.quoteId), records.quoteIds),
  };
}

/** The family members' passports are on no invoice: they go; names and relationships are printed on it, and stay. */
export async function erasePaymentPassports(db: Db, userId: string): Promise<void> {
  const rows = await db
    .select({ id: payments.id, familyMembers: payments.familyMembers })
    .from(payments)
    .where(and(eq(payments.userId, userId), sql`jsonb_array_length(${payments.familyMembers}) > 0`));
  for (const row of rows) {
    const members: FamilyMember[] = row.familyMembers.map((member) => ({ ...member, passport: '' }));
    await db.update(payments).set({ familyMembers: members }).where(eq(payments.id, row.id));
  }
}
