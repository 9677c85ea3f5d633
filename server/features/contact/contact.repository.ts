import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Db } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { contactFormSubmissions } from '#server/db/schema/contact.ts';

export type ContactSubmissionRow = typeof contactFormSubmissions.$inferSelect;

export async function insertContactSubmission(db: Db, values: typeof contactFormSubmissions.$inferInsert): Promise<ContactSubmissionRow> {
  return insertedRow(await db.insert(contactFormSubmissions).values(values).returning());
}

export async function listContactSubmissions(db: Db, query: AdminListQuery) {
  const { limit, offset } = pageWindow(query);
  const where = matchingAny(query.q, [contactFormSubmissions.name, contactFormSubmissions.email, contactFormSubmissions.message]);
  const rows = await db.select().from(contactFormSubmissions).where(where).orderBy(desc(contactFormSubmissions.createdAt)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(contactFormSubmissions).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function deleteContactSubmission(db: Db, id: string): Promise<ContactSubmissionRow | undefined> {
  const [row] = await db.delete(contactFormSubmissions).where(eq(contactFormSubmissions.id, id)).returning();
  return row;
}

/** Sets answered_at once: a request answered already keeps its first answer (undefined). */
export async function markContactSubmissionAnswered(db: Db, id: string, at: Date): Promise<ContactSubmissionRow | undefined> {
  const [row] = await db
    .update(contactFormSubmissions)
    .set({ answeredAt: at })
    .where(and(eq(contactFormSubmissions.id, id), isNull(contactFormSubmissions.answeredAt)))
    .returning();
  return row;
}

export async function findContactSubmission(db: Db, id: string): Promise<ContactSubmissionRow | undefined> {
  const [row] = await db.select().from(contactFormSubmissions).where(eq(contactFormSubmissions.id, id));
  return row;
}

/** The requests the firm has not answered yet, oldest first. */
export function listUnansweredContactSubmissions(db: Db) {
  return db
    .select({ id: contactFormSubmissions.id, name: contactFormSubmissions.name, createdAt: contactFormSubmissions.createdAt })
    .from(contactFormSubmissions)
    .where(isNull(contactFormSubmissions.answeredAt))
    .orderBy(asc(contactFormSubmissions.createdAt));
}
