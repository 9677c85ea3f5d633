import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AssignedListQuery } from '#common/assignees/assignees.contract.ts';
import { assignedListFilter } from '#server/db/assigned-list.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { translationRequestDocuments, translationRequests } from '#server/db/schema/translations.ts';

export type TranslationRequestRow = typeof translationRequests.$inferSelect;
export type TranslationDocumentRow = typeof translationRequestDocuments.$inferSelect;

type NewDocument = Omit<typeof translationRequestDocuments.$inferInsert, 'translationRequestId'>;

/** The request and its documents, together or not at all. */
export function insertTranslationRequest(
  db: Db,
  values: typeof translationRequests.$inferInsert,
  documents: NewDocument[],
): Promise<{ request: TranslationRequestRow; documents: TranslationDocumentRow[] }> {
  return db.transaction(async (tx) => {
    const request = insertedRow(await tx.insert(translationRequests).values(values).returning());
    const stored = documents.length
      ? await tx
          .insert(translationRequestDocuments)
          .values(documents.map((document) => ({ ...document, translationRequestId: request.id })))
          .returning()
      : [];
    return { request, documents: stored };
  });
}

export async function findTranslationRequest(db: Db, id: string): Promise<TranslationRequestRow | undefined> {
  const [row] = await db.select().from(translationRequests).where(eq(translationRequests.id, id)).limit(1);
  return row;
}

export function listTranslationDocuments(db: Db, requestId: string): Promise<TranslationDocumentRow[]> {
  return db
    .select()
    .from(translationRequestDocuments)
    .where(eq(translationRequestDocuments.translationRequestId, requestId))
    .orderBy(asc(translationRequestDocuments.createdAt), asc(translationRequestDocuments.originalName));
}

export async function findTranslationDocument(db: Db, requestId: string, documentId: string): Promise<TranslationDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(translationRequestDocuments)
    .where(and(eq(translationRequestDocuments.translationRequestId, requestId), eq(translationRequestDocuments.id, documentId)))
    .limit(1);
  return row;
}

export async function listTranslationRequests(db: Db, query: AssignedListQuery, staffId: string) {
  const { limit, offset } = pageWindow(query);
  const where = and(
    matchingAny(query.q, [translationRequests.name, translationRequests.email, translationRequests.textToTranslate]),
    assignedListFilter(translationRequests.assigneeId, query.assigned, staffId),
  );
  const rows = await db.select().from(translationRequests).where(where).orderBy(desc(translationRequests.createdAt)).limit(limit).offset(offset);
  const documents = rows.length
    ? await db
        .select()
        .from(translationRequestDocuments)
        .where(inArray(translationRequestDocuments.translationRequestId, rows.map((row) => row.id)))
        .orderBy(asc(translationRequestDocuments.createdAt), asc(translationRequestDocuments.originalName))
    : [];
  const [total] = await db.select({ value: count() }).from(translationRequests).where(where);
  return { rows, documents, total: total?.value ?? 0 };
}

/** Deletes the request; its document rows go with it (cascade). Answers the deleted files' keys. */
export async function deleteTranslationRequest(db: Db, id: string): Promise<{ request: TranslationRequestRow; storageKeys: string[] } | undefined> {
  const documents = await listTranslationDocuments(db, id);
  const [request] = await db.delete(translationRequests).where(eq(translationRequests.id, id)).returning();
  return request ? { request, storageKeys: documents.map((document) => document.storageKey) } : undefined;
}

/** Sets answered_at once: a request answered already keeps its first answer (undefined). */
export async function markTranslationRequestAnswered(db: Db, id: string, at: Date): Promise<TranslationRequestRow | undefined> {
  const [row] = await db
    .update(translationRequests)
    .set({ answeredAt: at })
    .where(and(eq(translationRequests.id, id), isNull(translationRequests.answeredAt)))
    .returning();
  return row;
}

/** The requests whose quote the firm has not sent yet, oldest first. */
export function listUnansweredTranslationRequests(db: Db) {
  return db
    .select({ id: translationRequests.id, name: translationRequests.name, createdAt: translationRequests.createdAt, assigneeId: translationRequests.assigneeId })
    .from(translationRequests)
    .where(isNull(translationRequests.answeredAt))
    .orderBy(asc(translationRequests.createdAt));
}

/**
 * The stored files translation requests' documents name, for the orphan sweep: their column (orphan-sweep.test.ts compares
 * the holders' columns with the schema) and which of some stored keys a row names.
 */
export const translationDocumentFiles = {
  column: translationRequestDocuments.storageKey,
  async namedAmong(db: Db, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await db.select({ key: translationRequestDocuments.storageKey }).from(translationRequestDocuments).where(inArray(translationRequestDocuments.storageKey, keys));
    return rows.map((row) => row.key);
  },
};

/** Sets who handles a request, its row locked; the assignee before and whose it is, or undefined for no such request. */
export async function setTranslationRequestAssignee(db: Tx, id: string, assigneeId: string | null) {
  const [before] = await db
    .select({ assigneeId: translationRequests.assigneeId, name: translationRequests.name })
    .from(translationRequests)
    .where(eq(translationRequests.id, id))
    .for('update');
  if (before) await db.update(translationRequests).set({ assigneeId }).where(eq(translationRequests.id, id));
  return before;
}

/** Gives the translation requests a departing staff member held back to the unassigned queue; answers how many. */
export async function releaseTranslationRequestsOf(db: Db | Tx, staffId: string): Promise<number> {
  return (await db.update(translationRequests).set({ assigneeId: null }).where(eq(translationRequests.assigneeId, staffId)).returning({ id: translationRequests.id })).length;
}
