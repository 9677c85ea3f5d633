import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TodayWhose } from '#common/today/today.contract.ts';
import { assignedTo } from '#server/db/assigned-to.ts';
import type { Db } from '#server/db/client.ts';
import { caseDocumentRequestFiles, caseDocumentRequests, caseDocuments, cases } from '#server/db/schema/cases.ts';
import { accountsToJoin as client } from '#server/features/auth/accounts.service.ts';

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

/** Whether the document answers one of the case's requests flagged for a sworn translation. */
export async function isSwornTranslationDocument(db: Db, caseId: number, documentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: caseDocumentRequestFiles.documentId })
    .from(caseDocumentRequestFiles)
    .innerJoin(caseDocumentRequests, eq(caseDocumentRequests.id, caseDocumentRequestFiles.requestId))
    .where(
      and(eq(caseDocumentRequestFiles.documentId, documentId), eq(caseDocumentRequests.caseId, caseId), eq(caseDocumentRequests.isSwornTranslationRequired, true)),
    );
  return Boolean(row);
}

/** The documents that answer requests flagged for a sworn translation, newest first: the translator's list. */
export function listSwornTranslationDocuments(db: Db, limit: number) {
  return db
    .select({
      documentId: caseDocuments.id,
      caseId: caseDocuments.caseId,
      name: caseDocuments.documentName,
      requestTitle: caseDocumentRequests.title,
      uploadedAt: caseDocuments.createdAt,
    })
    .from(caseDocumentRequestFiles)
    .innerJoin(caseDocumentRequests, eq(caseDocumentRequests.id, caseDocumentRequestFiles.requestId))
    .innerJoin(caseDocuments, eq(caseDocuments.id, caseDocumentRequestFiles.documentId))
    .where(eq(caseDocumentRequests.isSwornTranslationRequired, true))
    .orderBy(desc(caseDocuments.createdAt))
    .limit(limit);
}

/** Requests whose document the client sent and the firm has not reviewed yet, the longest waiting first, with the case's client and assignee. */
export function listReceivedRequests(db: Db, whose: TodayWhose, limit: number) {
  return db
    .select({
      id: caseDocumentRequests.id,
      caseId: caseDocumentRequests.caseId,
      title: caseDocumentRequests.title,
      receivedAt: caseDocumentRequests.updatedAt,
      assigneeId: cases.assigneeId,
      clientName: client.name,
    })
    .from(caseDocumentRequests)
    .innerJoin(cases, eq(cases.id, caseDocumentRequests.caseId))
    .innerJoin(client, eq(client.id, cases.userId))
    .where(and(eq(caseDocumentRequests.status, 'received'), assignedTo(cases.assigneeId, whose)))
    .orderBy(asc(caseDocumentRequests.updatedAt))
    .limit(limit);
}

/** The procedures a case's checklist was copied from, the first applied first. */
export async function listCaseProcedureIds(db: Db, caseId: number): Promise<string[]> {
  const rows = await db
    .select({ procedureId: caseDocumentRequests.procedureId, first: sql<number>`min(${caseDocumentRequests.position})` })
    .from(caseDocumentRequests)
    .where(and(eq(caseDocumentRequests.caseId, caseId), sql`${caseDocumentRequests.procedureId} is not null`))
    .groupBy(caseDocumentRequests.procedureId)
    .orderBy(sql`min(${caseDocumentRequests.position})`);
  return rows.flatMap((row) => (row.procedureId ? [row.procedureId] : []));
}
