import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { containing, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { payments } from '#server/db/schema/payments.ts';
import { accountsToJoin as client } from '#server/features/auth/accounts.service.ts';
import { serviceTitlesToJoin } from '#server/features/services/services.service.ts';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The payments as a subquery another feature's repository left-joins on `consultationId` to show
 * what paid for a consultation in its list: still one query, while only payments names the table.
 */
export const consultationPaymentsToJoin = new QueryBuilder()
  .select({ consultationId: payments.consultationId, amountCents: payments.amountCents, currency: payments.currency, paymentStatus: payments.paymentStatus })
  .from(payments)
  .as('consultation_payment');

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  return insertedRow(await db.insert(payments).values(values).returning());
}

export async function findPaymentBySession(db: Db, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
  return row;
}

/** The sessions of the built-in test provider still pending that were opened before `openedBefore`. */
export async function listPendingTestSessions(db: Db, openedBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ sessionId: payments.providerSessionId })
    .from(payments)
    .where(and(eq(payments.provider, 'test'), eq(payments.paymentStatus, 'pending'), lt(payments.createdAt, openedBefore)));
  return rows.flatMap((row) => (row.sessionId ? [row.sessionId] : []));
}

/** The payment of a provider session, locked until the caller's transaction ends, so deliveries settle one at a time. */
export async function lockPaymentBySession(db: Db, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerSessionId, sessionId)).for('update');
  return row;
}

export async function updatePayment(
  db: Db,
  id: string,
  values: Partial<
    Pick<PaymentRow, 'paymentStatus' | 'paidAt' | 'providerPaymentId' | 'caseId' | 'consultationId' | 'creditConsultationId' | 'quoteId' | 'refundedCents'>
  >,
): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** The payment that holds a quote (at most one: payments.quote_id is unique). */
export async function findQuotePayment(db: Db, quoteId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.quoteId, quoteId));
  return row;
}

const credited = alias(payments, 'credited');

/**
 * Every change to one client's consultation credit, across instances, one at a time until the
 * caller's transaction ends: a checkout reserving it, a settlement or an offline payment taking it, a
 * refund of the consultation it comes from. Taken before any payment's row lock.
 */
export async function lockClientCredit(db: Db, userId: string): Promise<void> {
  // The two-key form: its keys never meet the one-key lock of the slot bookings.
  await db.execute(sql`select pg_advisory_xact_lock(1, hashtext(${userId}))`);
}

/**
 * The client's oldest paid consultation whose fee no payment has taken, and what it cost less what
 * was refunded of it: the credit the next case they hire gets (docs/product/rules.md); a consultation
 * refunded whole is no longer 'paid' and gives none. A paid payment takes it for good; a pending one
 * opened after `reservedSince` holds it while its checkout can still be paid.
 */
export async function findUnusedConsultationCredit(db: Db, userId: string, reservedSince: Date) {
  const [row] = await db
    .select({ consultationId: payments.consultationId, amountCents: sql<number>`${payments.amountCents} - ${payments.refundedCents}`, currency: payments.currency })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.paymentStatus, 'paid'),
        isNotNull(payments.consultationId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(credited)
            .where(
              and(
                eq(credited.creditConsultationId, payments.consultationId),
                or(eq(credited.paymentStatus, 'paid'), and(eq(credited.paymentStatus, 'pending'), gt(credited.createdAt, reservedSince))),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.createdAt))
    .limit(1);
  return row?.consultationId ? { ...row, consultationId: row.consultationId } : undefined;
}

/** Whether a paid payment other than `paymentId` already took the fee of this consultation. */
export async function isCreditTaken(db: Db, consultationId: string, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.creditConsultationId, consultationId), eq(payments.paymentStatus, 'paid'), ne(payments.id, paymentId)))
    .limit(1);
  return Boolean(row);
}

/** The payment that bought a consultation: where its fee, the credit, comes from. */
export async function findConsultationPayment(db: Db, consultationId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.consultationId, consultationId));
  return row;
}

/** Whether a checkout still open (pending, opened after `reservedSince`) holds this consultation's fee as its credit. */
export async function isCreditReserved(db: Db, consultationId: string, reservedSince: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.creditConsultationId, consultationId), eq(payments.paymentStatus, 'pending'), gt(payments.createdAt, reservedSince)))
    .limit(1);
  return Boolean(row);
}

/** The client's checkouts still pending: a new one gives up the slots they hold. */
export async function listPendingPaymentIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.userId, userId), eq(payments.paymentStatus, 'pending')));
  return rows.map((row) => row.id);
}

/** The services' titles in `language`, joined by the payment's service (services owns them). */
const serviceTitles = (language: Language) => serviceTitlesToJoin(language, 'service_title');
type ServiceTitles = ReturnType<typeof serviceTitles>;
const joinTitle = (titles: ServiceTitles) => eq(titles.serviceId, payments.serviceId);

const paymentColumns = (titles: ServiceTitles) => ({
  id: payments.id,
  serviceId: payments.serviceId,
  serviceTitle: titles.title,
  amountCents: payments.amountCents,
  creditedCents: payments.creditedCents,
  currency: payments.currency,
  status: payments.paymentStatus,
  method: payments.method,
  refundedCents: payments.refundedCents,
  createdAt: payments.createdAt,
});

/** One client's payments, newest first, with the title of what they bought in the language asked for. */
export function listUserPayments(db: Db, userId: string, language: Language) {
  const titles = serviceTitles(language);
  return db
    .select(paymentColumns(titles))
    .from(payments)
    .leftJoin(titles, joinTitle(titles))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt));
}


/** Whose a payment is. */
export async function findPaymentOwner(db: Db, paymentId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: payments.userId }).from(payments).where(eq(payments.id, paymentId));
  return row?.userId;
}

/** Every payment for the admin's Pagos tab, with who paid, newest first. */
export async function listPaymentsForAdmin(db: Db, query: AdminListQuery, language: Language) {
  const { limit, offset } = pageWindow(query);
  const titles = serviceTitles(language);
  const where = query.q
    ? or(
        ilike(client.name, containing(query.q)),
        ilike(client.email, containing(query.q)),
        ilike(titles.title, containing(query.q)),
        ilike(payments.paymentStatus, containing(query.q)),
      )
    : undefined;
  const rows = await db
    .select({
      ...paymentColumns(titles),
      provider: payments.provider,
      caseId: payments.caseId,
      consultationId: payments.consultationId,
      clientName: client.name,
      clientEmail: client.email,
    })
    .from(payments)
    .innerJoin(client, eq(client.id, payments.userId))
    .leftJoin(titles, joinTitle(titles))
    .where(where)
    .orderBy(desc(payments.createdAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(payments)
    .innerJoin(client, eq(client.id, payments.userId))
    .leftJoin(titles, joinTitle(titles))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

/** How many paid payments each of these clients made (a cancelled or expired checkout is no payment; one without any is left out). */
export async function countPaidByClient(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: payments.userId, value: count() })
    .from(payments)
    .where(and(inArray(payments.userId, userIds), eq(payments.paymentStatus, 'paid')))
    .groupBy(payments.userId);
  return new Map(rows.map((row) => [row.userId, row.value]));
}

/** The payments of a case made by its client (the checkout that opened it), oldest first. */
export function listCasePayments(db: Db, caseId: number, clientId: string) {
  return db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      creditedCents: payments.creditedCents,
      currency: payments.currency,
      status: payments.paymentStatus,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.caseId, caseId), eq(payments.userId, clientId)))
    .orderBy(asc(payments.createdAt));
}
