import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { IdentificationInput, IdentificationStatus } from '#common/aml/aml.contract.ts';
import type { Db } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { amlIdentificationFiles, amlIdentifications } from '#server/db/schema/aml.ts';
import type { StoredUpload } from '#server/platform/upload.ts';

export type IdentificationRow = typeof amlIdentifications.$inferSelect;
type IdentificationFileRow = typeof amlIdentificationFiles.$inferSelect;

export async function insertIdentification(
  db: Db,
  values: IdentificationInput & { caseId: number; userId: string },
  uploads: StoredUpload[],
): Promise<IdentificationRow> {
  const row = insertedRow(await db.insert(amlIdentifications).values(values).returning());
  await db.insert(amlIdentificationFiles).values(
    uploads.map((upload) => ({ identificationId: row.id, storageKey: upload.storageKey, originalName: upload.originalName, contentType: upload.contentType, sizeBytes: upload.sizeBytes })),
  );
  return row;
}

/** The submissions of these cases, newest first. */
export function listIdentifications(db: Db, caseIds: number[]): Promise<IdentificationRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db.select().from(amlIdentifications).where(inArray(amlIdentifications.caseId, caseIds)).orderBy(desc(amlIdentifications.createdAt), desc(amlIdentifications.id));
}

export function listIdentificationFiles(db: Db, identificationIds: string[]): Promise<IdentificationFileRow[]> {
  if (identificationIds.length === 0) return Promise.resolve([]);
  return db.select().from(amlIdentificationFiles).where(inArray(amlIdentificationFiles.identificationId, identificationIds)).orderBy(amlIdentificationFiles.createdAt);
}

export async function findIdentification(db: Db, caseId: number, id: string): Promise<IdentificationRow | undefined> {
  const [row] = await db.select().from(amlIdentifications).where(and(eq(amlIdentifications.caseId, caseId), eq(amlIdentifications.id, id)));
  return row;
}

export async function findIdentificationFile(db: Db, identificationId: string, fileId: string): Promise<IdentificationFileRow | undefined> {
  const [row] = await db
    .select()
    .from(amlIdentificationFiles)
    .where(and(eq(amlIdentificationFiles.identificationId, identificationId), eq(amlIdentificationFiles.id, fileId)));
  return row;
}

/** Records the firm's review of a submission still waiting for one; answers whether it was. */
export async function reviewIdentification(
  db: Db,
  id: string,
  review: { status: IdentificationStatus; reviewNote: string | null; reviewedBy: string; reviewedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(amlIdentifications)
    .set(review)
    .where(and(eq(amlIdentifications.id, id), eq(amlIdentifications.status, 'submitted')))
    .returning({ id: amlIdentifications.id });
  return rows.length > 0;
}

/** Whether one of the case's submissions was accepted. */
export async function hasAcceptedIdentification(db: Db, caseId: number): Promise<boolean> {
  const rows = await db
    .select({ id: amlIdentifications.id })
    .from(amlIdentifications)
    .where(and(eq(amlIdentifications.caseId, caseId), eq(amlIdentifications.status, 'accepted')))
    .limit(1);
  return rows.length > 0;
}

/** Every record's case, and when the client ended the relationship if they did: what the retention pass weighs. */
export function listRetentionCandidates(db: Db) {
  return db.selectDistinct({ caseId: amlIdentifications.caseId, relationshipEndedAt: amlIdentifications.relationshipEndedAt }).from(amlIdentifications);
}

/** Deletes a case's records (files' rows go with them), answering where their files are stored. */
export async function deleteCaseIdentifications(db: Db, caseId: number): Promise<string[]> {
  const ids = db.select({ id: amlIdentifications.id }).from(amlIdentifications).where(eq(amlIdentifications.caseId, caseId));
  const files = await db.select({ key: amlIdentificationFiles.storageKey }).from(amlIdentificationFiles).where(inArray(amlIdentificationFiles.identificationId, ids));
  await db.delete(amlIdentifications).where(eq(amlIdentifications.caseId, caseId));
  return files.map((file) => file.key);
}

/** The account's deletion ends the business relationship: its records' term starts then, unless it started already. */
export async function markRelationshipEnded(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(amlIdentifications)
    .set({ relationshipEndedAt: at })
    .where(and(eq(amlIdentifications.userId, userId), isNull(amlIdentifications.relationshipEndedAt)));
}

/** For the orphan sweep: the stored files the identification records name. */
export const identificationFiles = {
  column: amlIdentificationFiles.storageKey,
  async namedAmong(db: Db, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await db.select({ key: amlIdentificationFiles.storageKey }).from(amlIdentificationFiles).where(inArray(amlIdentificationFiles.storageKey, keys));
    return rows.map((row) => row.key);
  },
};

/** The person's records for their data export: every column a person would recognise, never a storage key. */
export async function readPersonIdentifications(db: Db, userId: string) {
  const rows = await db
    .select({
      id: amlIdentifications.id,
      caseId: amlIdentifications.caseId,
      status: amlIdentifications.status,
      fullName: amlIdentifications.fullName,
      documentKind: amlIdentifications.documentKind,
      documentNumber: amlIdentifications.documentNumber,
      fundsOrigin: amlIdentifications.fundsOrigin,
      purpose: amlIdentifications.purpose,
      reviewNote: amlIdentifications.reviewNote,
      reviewedAt: amlIdentifications.reviewedAt,
      relationshipEndedAt: amlIdentifications.relationshipEndedAt,
      createdAt: amlIdentifications.createdAt,
    })
    .from(amlIdentifications)
    .where(eq(amlIdentifications.userId, userId))
    .orderBy(amlIdentifications.createdAt);
  const files = await listIdentificationFiles(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    files: files.filter((file) => file.identificationId === row.id).map((file) => ({ name: file.originalName, contentType: file.contentType, sizeBytes: file.sizeBytes, createdAt: file.createdAt })),
  }));
}

export const personalTables = [amlIdentifications, amlIdentificationFiles];
