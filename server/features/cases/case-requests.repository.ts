import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { caseDocumentRequestFiles, caseDocumentRequests, caseDocuments } from '#server/db/schema/cases.ts';

export type CaseRequestRow = typeof caseDocumentRequests.$inferSelect;
type NewCaseRequest = Omit<typeof caseDocumentRequests.$inferInsert, 'caseId' | 'position'>;

export function listRequests(db: Db, caseId: number): Promise<CaseRequestRow[]> {
  return db
    .select()
    .from(caseDocumentRequests)
    .where(eq(caseDocumentRequests.caseId, caseId))
    .orderBy(asc(caseDocumentRequests.position), asc(caseDocumentRequests.createdAt));
}

export async function findRequest(db: Db, caseId: number, requestId: string): Promise<CaseRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(caseDocumentRequests)
    .where(and(eq(caseDocumentRequests.caseId, caseId), eq(caseDocumentRequests.id, requestId)));
  return row;
}

/** New requests after the case's others, in the order given. */
export async function insertRequests(db: Db, caseId: number, values: NewCaseRequest[]): Promise<CaseRequestRow[]> {
  if (values.length === 0) return [];
  const [last] = await db
    .select({ value: sql<number>`coalesce(max(${caseDocumentRequests.position}), 0)::int` })
    .from(caseDocumentRequests)
    .where(eq(caseDocumentRequests.caseId, caseId));
  const start = last?.value ?? 0;
  return db
    .insert(caseDocumentRequests)
    .values(values.map((value, index) => ({ ...value, caseId, position: start + index + 1 })))
    .returning();
}

export async function updateRequest(
  db: Db,
  requestId: string,
  values: Partial<Pick<CaseRequestRow, 'status' | 'rejectionReason' | 'dueDate'>>,
): Promise<CaseRequestRow | undefined> {
  const [row] = await db
    .update(caseDocumentRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(caseDocumentRequests.id, requestId))
    .returning();
  return row;
}

export async function deleteRequest(db: Db, caseId: number, requestId: string): Promise<CaseRequestRow | undefined> {
  const [row] = await db
    .delete(caseDocumentRequests)
    .where(and(eq(caseDocumentRequests.caseId, caseId), eq(caseDocumentRequests.id, requestId)))
    .returning();
  return row;
}

export async function linkDocument(db: Db, requestId: string, documentId: string): Promise<void> {
  await db.insert(caseDocumentRequestFiles).values({ requestId, documentId });
}

/** The documents that answer the given requests, oldest first. */
export function listRequestDocuments(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({ requestId: caseDocumentRequestFiles.requestId, document: caseDocuments })
    .from(caseDocumentRequestFiles)
    .innerJoin(caseDocuments, eq(caseDocuments.id, caseDocumentRequestFiles.documentId))
    .where(inArray(caseDocumentRequestFiles.requestId, requestIds))
    .orderBy(asc(caseDocuments.createdAt), asc(caseDocuments.documentName));
}
