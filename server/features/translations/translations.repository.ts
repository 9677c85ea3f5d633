import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Db } from '#server/db/client.ts';
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

export async function listTranslationRequests(db: Db, query: AdminListQuery) {
  const { limit, offset } = pageWindow(query);
  const where = matchingAny(query.q, [translationRequests.name, translationRequests.email, translationRequests.textToTranslate]);
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
    .select({ id: translationRequests.id, name: translationRequests.name, createdAt: translationRequests.createdAt })
    .from(translationRequests)
    .where(isNull(translationRequests.answeredAt))
    .orderBy(asc(translationRequests.createdAt));
}
