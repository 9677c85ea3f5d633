import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { filingPackFiles, filingPacks } from '#server/db/schema/filing-packs.ts';

/** The files name the client's documents (`documents`), and the packs hold the registry's receipt. */
export const personalTables = [filingPacks, filingPackFiles];

/** A client's cases' packs, oldest first, each with its files and the documents each holds. */
export async function readPacks(db: Db, caseIds: number[]) {
  if (caseIds.length === 0) return [];
  const packs = await db
    .select({ id: filingPacks.id, caseId: filingPacks.caseId, createdAt: filingPacks.createdAt, totalBytes: filingPacks.totalBytes, filedOn: filingPacks.filedOn, receiptNumber: filingPacks.receiptNumber })
    .from(filingPacks)
    .where(inArray(filingPacks.caseId, caseIds))
    .orderBy(asc(filingPacks.createdAt));
  if (packs.length === 0) return [];
  const files = await db
    .select({ packId: filingPackFiles.packId, number: filingPackFiles.number, name: filingPackFiles.name, sizeBytes: filingPackFiles.sizeBytes, pageCount: filingPackFiles.pageCount, documents: filingPackFiles.documents })
    .from(filingPackFiles)
    .where(
      inArray(
        filingPackFiles.packId,
        packs.map((pack) => pack.id),
      ),
    )
    .orderBy(asc(filingPackFiles.number));
  return packs.map(({ id, ...pack }) => ({ ...pack, files: files.filter((file) => file.packId === id).map(({ packId: _pack, ...file }) => file) }));
}

/** Where the packs' PDFs of these cases are stored. */
export async function packFileKeys(db: Db, caseIds: number[]): Promise<string[]> {
  if (caseIds.length === 0) return [];
  const rows = await db
    .select({ key: filingPackFiles.storagePath })
    .from(filingPackFiles)
    .innerJoin(filingPacks, eq(filingPacks.id, filingPackFiles.packId))
    .where(inArray(filingPacks.caseId, caseIds));
  return rows.map((row) => row.key);
}

/** Deletes these cases' packs (their files' rows go with them). */
export async function erasePacks(db: Db, caseIds: number[]): Promise<void> {
  if (caseIds.length === 0) return;
  await db.delete(filingPacks).where(inArray(filingPacks.caseId, caseIds));
}
