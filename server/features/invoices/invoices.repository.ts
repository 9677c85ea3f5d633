import { and, asc, count, desc, eq, inArray, isNull, like, lte, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceSeries, verifactuEventTypes } from '#common/billing/billing-vocabulary.ts';
import type { Db } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { billingRecordSendings, billingRecordSends, billingRecords, invoiceNumberIdentifier, invoices, verifactuEvents } from '#server/db/schema/invoices.ts';

export type InvoiceInsert = typeof invoices.$inferInsert;

/**
 * Invoices are issued one at a time across every instance, until the issuing transaction ends: the
 * number and the chain's next link are read and written under this lock, so they never repeat or
 * leave a gap (a transaction that rolls back gives its number back).
 */
export async function lockInvoiceChain(db: Db): Promise<void> {
  // The two-key form with its own first key: it never meets the checkout (1, …) or booking locks.
  await db.execute(sql`select pg_advisory_xact_lock(2, 0)`);
}

export async function findChainEnd(db: Db): Promise<{ position: number; hash: string } | undefined> {
  const [row] = await db.select({ position: invoices.position, hash: invoices.hash }).from(invoices).orderBy(desc(invoices.position)).limit(1);
  return row;
}

export async function findLastSequence(db: Db, series: InvoiceSeries, year: number): Promise<number> {
  const [row] = await db
    .select({ value: max(invoices.sequence) })
    .from(invoices)
    .where(and(eq(invoices.series, series), eq(invoices.year, year)));
  return row?.value ?? 0;
}

export async function insertInvoice(db: Db, values: InvoiceInsert): Promise<{ id: string; number: string }> {
  return insertedRow(await db.insert(invoices).values(values).returning({ id: invoices.id, number: invoices.number }));
}

/** An invoice, with the payment it bills (whose it is, the payments feature knows). */
export async function findInvoice(db: Db, id: string) {
  const [row] = await db.select({ id: invoices.id, number: invoices.number, content: invoices.content, paymentId: invoices.paymentId }).from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The ordinary invoice of a payment, which its rectifying invoices correct. */
export async function findOrdinaryInvoice(db: Db, paymentId: string) {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number, content: invoices.content })
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.series, 'F')));
  return row;
}

/** The invoices of these payments, in the order they were issued. */
export function listInvoiceLinks(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ paymentId: invoices.paymentId, id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.paymentId, paymentIds))
    .orderBy(asc(invoices.position));
}

/** The whole chain, in order: what `invoices:verify` checks. */
export function listChain(db: Db) {
  return db
    .select({
      position: invoices.position,
      series: invoices.series,
      year: invoices.year,
      sequence: invoices.sequence,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      content: invoices.content,
      previousHash: invoices.previousHash,
      hash: invoices.hash,
    })
    .from(invoices)
    .orderBy(asc(invoices.position));
}

export async function findRecordChainEnd(db: Db): Promise<{ position: number; fingerprint: string } | undefined> {
  const [row] = await db
    .select({ position: billingRecords.position, fingerprint: billingRecords.fingerprint })
    .from(billingRecords)
    .orderBy(desc(billingRecords.position))
    .limit(1);
  return row;
}

export async function insertBillingRecord(db: Db, values: typeof billingRecords.$inferInsert): Promise<string> {
  return insertedRow(await db.insert(billingRecords).values(values).returning({ id: billingRecords.id })).id;
}

/** A record to send to the agency, pending until the worker's next send. */
export async function insertBillingRecordSending(db: Db, values: { recordId: string; position: number }): Promise<void> {
  await db.insert(billingRecordSendings).values(values);
}

/** Whether an invoice's record is one the firm sends to the agency (VERI*FACTU) rather than keeps. */
export async function isBillingRecordSent(db: Db, invoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ recordId: billingRecordSendings.recordId })
    .from(billingRecordSendings)
    .innerJoin(billingRecords, eq(billingRecords.id, billingRecordSendings.recordId))
    .where(and(eq(billingRecords.invoiceId, invoiceId), eq(billingRecords.kind, 'alta')));
  return Boolean(row);
}

/** Not before this may the next send go: what the last send's answer asked for. */
export async function findNextSendAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ value: max(billingRecordSends.nextSendAt) }).from(billingRecordSends);
  return row?.value ?? null;
}

const isClaimable = (now: Date) =>
  and(eq(billingRecordSendings.state, 'pending'), or(isNull(billingRecordSendings.claimedUntil), lte(billingRecordSendings.claimedUntil, now)));

/** How many records wait to be sent and are not held by a send under way. */
export async function countWaitingSendings(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ value: count() }).from(billingRecordSendings).where(isClaimable(now));
  return row?.value ?? 0;
}

/**
 * Claims up to `limit` waiting records, oldest of the chain first, until `claim`: SKIP LOCKED
 * lets two instances claiming at once take different records rather than the same.
 */
export async function claimWaitingSendings(db: Db, now: Date, claim: Date, limit: number): Promise<string[]> {
  const waiting = db
    .select({ recordId: billingRecordSendings.recordId })
    .from(billingRecordSendings)
    .where(isClaimable(now))
    .orderBy(asc(billingRecordSendings.position))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(billingRecordSendings)
    .set({ claimedUntil: claim, attempts: sql`${billingRecordSendings.attempts} + 1` })
    .where(inArray(billingRecordSendings.recordId, waiting))
    .returning({ recordId: billingRecordSendings.recordId });
  return rows.map((row) => row.recordId);
}

/** The claimed records in chain order, each with its invoice's content and the record before it: what a send carries. */
export function listRecordsToSend(db: Db, recordIds: string[]) {
  const previous = alias(billingRecords, 'previous_record');
  return db
    .select({
      recordId: billingRecords.id,
      kind: billingRecords.kind,
      fields: billingRecords.fields,
      fingerprint: billingRecords.fingerprint,
      previousFingerprint: billingRecords.previousFingerprint,
      content: invoices.content,
      previousKind: previous.kind,
      previous: previous.fields,
    })
    .from(billingRecords)
    .innerJoin(invoices, eq(invoices.id, billingRecords.invoiceId))
    .leftJoin(previous, eq(previous.position, sql`${billingRecords.position} - 1`))
    .where(inArray(billingRecords.id, recordIds))
    .orderBy(asc(billingRecords.position));
}

/** What the agency said of one claimed record; nothing changes if the claim ran out and another send holds it. */
export async function settleSending(
  db: Db,
  recordId: string,
  claim: Date,
  outcome: { state: 'accepted' | 'acceptedWithErrors' | 'rejected'; sentAt: Date; csv: string | null; errorCode: string | null; errorDescription: string | null },
): Promise<void> {
  await db
    .update(billingRecordSendings)
    .set({ ...outcome, claimedUntil: null })
    .where(and(eq(billingRecordSendings.recordId, recordId), eq(billingRecordSendings.claimedUntil, claim)));
}

/** Gives claimed records back to the next send: the agency registered none of them. */
export async function releaseSendings(db: Db, recordIds: string[], claim: Date): Promise<void> {
  if (recordIds.length === 0) return;
  await db
    .update(billingRecordSendings)
    .set({ claimedUntil: null })
    .where(and(inArray(billingRecordSendings.recordId, recordIds), eq(billingRecordSendings.claimedUntil, claim)));
}

export async function insertSend(db: Db, values: typeof billingRecordSends.$inferInsert): Promise<void> {
  await db.insert(billingRecordSends).values(values);
}

/** The fields of an invoice's billing record, or undefined for an invoice issued before the records. */
export async function findBillingRecordFields(db: Db, invoiceId: string): Promise<unknown> {
  const [row] = await db
    .select({ fields: billingRecords.fields })
    .from(billingRecords)
    .where(and(eq(billingRecords.invoiceId, invoiceId), eq(billingRecords.kind, 'alta')));
  return row?.fields;
}

/** The invoices that rectify this one. */
export async function listRectifyingInvoiceIds(db: Db, invoiceId: string): Promise<string[]> {
  return (await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.rectifiesId, invoiceId))).map((row) => row.id);
}

/** An invoice's records, its issue's and its cancellation's when it has them, with the payment it bills. */
export function listInvoiceRecords(db: Db, invoiceId: string) {
  return db
    .select({ kind: billingRecords.kind, fields: billingRecords.fields, number: invoices.number, paymentId: invoices.paymentId })
    .from(billingRecords)
    .innerJoin(invoices, eq(invoices.id, billingRecords.invoiceId))
    .where(eq(billingRecords.invoiceId, invoiceId));
}

/** Every billing record in chain order, with the content of its invoice: what is checked and exported. */
export function listBillingRecords(db: Db) {
  return db
    .select({
      position: billingRecords.position,
      kind: billingRecords.kind,
      fields: billingRecords.fields,
      previousFingerprint: billingRecords.previousFingerprint,
      fingerprint: billingRecords.fingerprint,
      invoiceNumber: invoices.number,
      content: invoices.content,
    })
    .from(billingRecords)
    .innerJoin(invoices, eq(invoices.id, billingRecords.invoiceId))
    .orderBy(asc(billingRecords.position));
}

/**
 * The billing records of the invoices of one year, in chain order, each with its invoice's content
 * and the record before it in the chain (which may be of the year before).
 */
export function listBillingRecordsOfYear(db: Db, year: number) {
  const previous = alias(billingRecords, 'previous_record');
  return db
    .select({
      kind: billingRecords.kind,
      fields: billingRecords.fields,
      fingerprint: billingRecords.fingerprint,
      previousFingerprint: billingRecords.previousFingerprint,
      content: invoices.content,
      previousKind: previous.kind,
      previous: previous.fields,
    })
    .from(billingRecords)
    .innerJoin(invoices, eq(invoices.id, billingRecords.invoiceId))
    .leftJoin(previous, eq(previous.position, sql`${billingRecords.position} - 1`))
    .where(eq(invoices.year, year))
    .orderBy(asc(billingRecords.position));
}

/** The back office's search of invoices by number ("F-2024-0012", "2024-0012" or "f20240012"; its trigram index), newest first, with whom each was made out to. */
export async function searchInvoiceRows(db: Db, compact: string, limit: number) {
  if (compact.length < 2) return [];
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      buyerName: sql<string>`${invoices.content}->'buyer'->>'name'`,
      buyerEmail: sql<string>`${invoices.content}->'buyer'->>'email'`,
    })
    .from(invoices)
    .where(like(invoiceNumberIdentifier(invoices), `%${compact}%`))
    .orderBy(desc(invoices.position))
    .limit(limit);
}

/** VeriFactu's events are appended one at a time across every instance, until the appending transaction ends. */
export async function lockEventLog(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(2, 1)`);
}

export async function findEventChainEnd(db: Db): Promise<{ position: number; fingerprint: string } | undefined> {
  const [row] = await db.select({ position: verifactuEvents.position, fingerprint: verifactuEvents.fingerprint }).from(verifactuEvents).orderBy(desc(verifactuEvents.position)).limit(1);
  return row;
}

export async function insertEvent(db: Db, row: typeof verifactuEvents.$inferInsert): Promise<void> {
  await db.insert(verifactuEvents).values(row);
}

/** The whole events' chain, in order. */
export function listEvents(db: Db) {
  return db
    .select({
      position: verifactuEvents.position,
      type: verifactuEvents.type,
      fields: verifactuEvents.fields,
      data: verifactuEvents.data,
      previousFingerprint: verifactuEvents.previousFingerprint,
      fingerprint: verifactuEvents.fingerprint,
      createdAt: verifactuEvents.createdAt,
    })
    .from(verifactuEvents)
    .orderBy(asc(verifactuEvents.position));
}

/** The last event of these types, if any. */
export async function findLastEventOf(db: Db, types: (typeof verifactuEventTypes)[number][]): Promise<{ type: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ type: verifactuEvents.type, createdAt: verifactuEvents.createdAt })
    .from(verifactuEvents)
    .where(inArray(verifactuEvents.type, types))
    .orderBy(desc(verifactuEvents.position))
    .limit(1);
  return row;
}
