import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { AssignedListQuery } from '#common/assignees/assignees.contract.ts';
import { assignedListFilter } from '#server/db/assigned-list.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { contactFormSubmissions } from '#server/db/schema/contact.ts';

export type ContactSubmissionRow = typeof contactFormSubmissions.$inferSelect;

export async function insertContactSubmission(db: Db, values: typeof contactFormSubmissions.$inferInsert): Promise<ContactSubmissionRow> {
  return insertedRow(await db.insert(contactFormSubmissions).values(values).returning());
}

export async function listContactSubmissions(db: Db, query: AssignedListQuery, staffId: string) {
  const { limit, offset } = pageWindow(query);
  const where = and(
    matchingAny(query.q, [contactFormSubmissions.name, contactFormSubmissions.email, contactFormSubmissions.message]),
    assignedListFilter(contactFormSubmissions.assigneeId, query.assigned, staffId),
  );
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
    .select({ id: contactFormSubmissions.id, name: contactFormSubmissions.name, createdAt: contactFormSubmissions.createdAt, assigneeId: contactFormSubmissions.assigneeId })
    .from(contactFormSubmissions)
    .where(isNull(contactFormSubmissions.answeredAt))
    .orderBy(asc(contactFormSubmissions.createdAt));
}

/** Sets who handles a request, its row locked; the assignee before and whose it is, or undefined for no such request. */
export async function setContactSubmissionAssignee(db: Tx, id: string, assigneeId: string | null) {
  const [before] = await db
    .select({ assigneeId: contactFormSubmissions.assigneeId, name: contactFormSubmissions.name })
    .from(contactFormSubmissions)
    .where(eq(contactFormSubmissions.id, id))
    .for('update');
  if (before) await db.update(contactFormSubmissions).set({ assigneeId }).where(eq(contactFormSubmissions.id, id));
  return before;
}

/** Gives the contact requests a departing staff member held back to the unassigned queue; answers how many. */
export async function releaseContactRequestsOf(db: Db | Tx, staffId: string): Promise<number> {
  return (await db.update(contactFormSubmissions).set({ assigneeId: null }).where(eq(contactFormSubmissions.assigneeId, staffId)).returning({ id: contactFormSubmissions.id })).length;
}
