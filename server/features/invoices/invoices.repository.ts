import { and, asc, desc, eq, inArray, like, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceSeries } from '#common/billing/billing-vocabulary.ts';
import type { Db } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { billingRecords, invoiceNumberIdentifier, invoices } from '#server/db/schema/invoices.ts';

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

export async function insertBillingRecord(db: Db, values: typeof billingRecords.$inferInsert): Promise<void> {
  await db.insert(billingRecords).values(values);
}

/** The fields of an invoice's billing record, or undefined for an invoice issued before the records. */
export async function findBillingRecordFields(db: Db, invoiceId: string): Promise<unknown> {
  const [row] = await db.select({ fields: billingRecords.fields }).from(billingRecords).where(eq(billingRecords.invoiceId, invoiceId));
  return row?.fields;
}

/** Every billing record in chain order, with the content of its invoice: what is checked and exported. */
export function listBillingRecords(db: Db) {
  return db
    .select({
      position: billingRecords.position,
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
      fields: billingRecords.fields,
      fingerprint: billingRecords.fingerprint,
      previousFingerprint: billingRecords.previousFingerprint,
      content: invoices.content,
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
