import { asc, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/invoices.ts';

export const personalTables = [invoices];

export function readInvoices(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ paymentId: invoices.paymentId, number: invoices.number, issuedAt: invoices.issuedAt, content: invoices.content })
    .from(invoices)
    .where(inArray(invoices.paymentId, paymentIds))
    .orderBy(asc(invoices.position));
}
