import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  caseDocumentRequestFiles,
  caseDocumentRequests,
  caseDocuments,
  caseFamilyMembers,
  caseMessages,
  cases,
  caseStageChanges,
  caseViews,
} from '#server/db/schema/cases.ts';

export const personalTables = [cases, caseStageChanges, caseDocuments, caseMessages, caseViews, caseFamilyMembers, caseDocumentRequests, caseDocumentRequestFiles];

export async function findCaseIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db.select({ id: cases.id }).from(cases).where(eq(cases.userId, userId));
  return rows.map((row) => row.id);
}

/* Every column is named: what leaves in the archive is the person's data, never where a file is stored. */
export async function readCases(db: Db, caseIds: number[]) {
  if (caseIds.length === 0) return { cases: [], stages: [], messages: [], documents: [], requests: [], requestFiles: [], familyMembers: [] };
  const [caseRows, stages, messages, documents, requests, requestFiles, familyMembers] = await Promise.all([
    db
      .select({ id: cases.id, serviceId: cases.serviceId, stage: cases.stage, fileNumber: cases.fileNumber, filedOn: cases.filedOn, filingOffice: cases.filingOffice, createdAt: cases.createdAt })
      .from(cases)
      .where(inArray(cases.id, caseIds))
      .orderBy(asc(cases.id)),
    db
      .select({ caseId: caseStageChanges.caseId, stage: caseStageChanges.stage, note: caseStageChanges.note, createdAt: caseStageChanges.createdAt })
      .from(caseStageChanges)
      .where(inArray(caseStageChanges.caseId, caseIds))
      .orderBy(asc(caseStageChanges.createdAt)),
    db
      .select({ caseId: caseMessages.caseId, author: caseMessages.authorRole, body: caseMessages.body, createdAt: caseMessages.createdAt })
      .from(caseMessages)
      .where(inArray(caseMessages.caseId, caseIds))
      .orderBy(asc(caseMessages.createdAt)),
    db
      .select({
        id: caseDocuments.id,
        caseId: caseDocuments.caseId,
        name: caseDocuments.documentName,
        contentType: caseDocuments.contentType,
        sizeBytes: caseDocuments.sizeBytes,
        storageKey: caseDocuments.storagePath,
        uploadedBy: caseDocuments.uploadedBy,
        createdAt: caseDocuments.createdAt,
      })
      .from(caseDocuments)
      .where(inArray(caseDocuments.caseId, caseIds))
      .orderBy(asc(caseDocuments.createdAt)),
    db
      .select({
        id: caseDocumentRequests.id,
        caseId: caseDocumentRequests.caseId,
        familyMemberId: caseDocumentRequests.familyMemberId,
        title: caseDocumentRequests.title,
        explanation: caseDocumentRequests.explanation,
        status: caseDocumentRequests.status,
        rejectionReason: caseDocumentRequests.rejectionReason,
        dueDate: caseDocumentRequests.dueDate,
        createdAt: caseDocumentRequests.createdAt,
        updatedAt: caseDocumentRequests.updatedAt,
      })
      .from(caseDocumentRequests)
      .where(inArray(caseDocumentRequests.caseId, caseIds))
      .orderBy(asc(caseDocumentRequests.position)),
    db
      .select({ documentId: caseDocumentRequestFiles.documentId, requestId: caseDocumentRequestFiles.requestId })
      .from(caseDocumentRequestFiles)
      .innerJoin(caseDocuments, eq(caseDocuments.id, caseDocumentRequestFiles.documentId))
      .where(inArray(caseDocuments.caseId, caseIds)),
    db
      .select({
        id: caseFamilyMembers.id,
        caseId: caseFamilyMembers.caseId,
        name: caseFamilyMembers.name,
        relationship: caseFamilyMembers.relationship,
        passport: caseFamilyMembers.passport,
      })
      .from(caseFamilyMembers)
      .where(inArray(caseFamilyMembers.caseId, caseIds))
      .orderBy(asc(caseFamilyMembers.position)),
  ]);
  return { cases: caseRows, stages, messages, documents, requests, requestFiles, familyMembers };
}

export async function caseFileKeys(db: Db, caseIds: number[]): Promise<string[]> {
  if (caseIds.length === 0) return [];
  const rows = await db.select({ key: caseDocuments.storagePath }).from(caseDocuments).where(inArray(caseDocuments.caseId, caseIds));
  return rows.map((row) => row.key);
}

/** The cases go with everything in them, but those a payment names: their stage stays, so the firm knows where the case was left. */
export async function eraseCases(db: Db, caseIds: number[], keptIds: number[]): Promise<void> {
  if (caseIds.length === 0) return;
  await db.delete(caseDocuments).where(inArray(caseDocuments.caseId, caseIds));
  await db.delete(caseMessages).where(inArray(caseMessages.caseId, caseIds));
  await db.delete(caseStageChanges).where(inArray(caseStageChanges.caseId, caseIds));
  await db.delete(caseDocumentRequests).where(inArray(caseDocumentRequests.caseId, caseIds));
  await db.delete(caseFamilyMembers).where(inArray(caseFamilyMembers.caseId, caseIds));
  await db.delete(caseViews).where(inArray(caseViews.caseId, caseIds));
  await db.delete(cases).where(keptIds.length > 0 ? and(inArray(cases.id, caseIds), notInArray(cases.id, keptIds)) : inArray(cases.id, caseIds));
  if (keptIds.length > 0) {
    // The administration's references go with the person.
    await db.update(cases).set({ fileNumber: null, filedOn: null, filingOffice: null, uploadsMailedAt: null }).where(inArray(cases.id, keptIds));
  }
}

/** The read marks the account left on cases: on its own, or, for an admin, on the clients'. */
export async function eraseViewsBy(db: Db, userId: string): Promise<void> {
  await db.delete(caseViews).where(eq(caseViews.userId, userId));
}
