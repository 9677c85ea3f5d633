import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { payments, refunds } from '#server/db/schema/payments.ts';
import type { PaymentRow } from './payments.repository.ts';

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment, locked until the caller's transaction ends, so two refunds of it are checked and written one after the other. */
export async function lockPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function insertRefund(db: Db, values: typeof refunds.$inferInsert): Promise<void> {
  await db.insert(refunds).values(values);
}

/** What has been given back of a payment so far, and whether that is all of it. */
export async function updateRefunded(db: Db, id: string, values: Pick<PaymentRow, 'refundedCents' | 'paymentStatus'>): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** The refunds a provider has not made yet of payments it took: the ones the server decided on its own. */
export function listRefundsToGiveBack(db: Db) {
  return db
    .select({ id: refunds.id, paymentId: refunds.paymentId, amountCents: refunds.amountCents, provider: payments.provider, providerPaymentId: payments.providerPaymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(isNull(refunds.providerRefundId), ne(payments.provider, 'offline')));
}

export async function setProviderRefundId(db: Db, id: string, providerRefundId: string): Promise<void> {
  await db.update(refunds).set({ providerRefundId }).where(eq(refunds.id, id));
}
