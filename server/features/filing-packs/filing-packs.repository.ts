import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { filingPackFiles, filingPacks, filingSettings } from '#server/db/schema/filing-packs.ts';
import { accountsToJoin as account } from '#server/features/auth/accounts.service.ts';
import { caseClientsToJoin as clientCase } from '#server/features/cases/cases.service.ts';

export type FilingPackRow = typeof filingPacks.$inferSelect;
export type FilingPackFileRow = typeof filingPackFiles.$inferSelect;
type NewFile = Omit<typeof filingPackFiles.$inferInsert, 'id' | 'packId'>;

export async function findFilingSettings(db: Db): Promise<{ maxFileBytes: number; maxTotalBytes: number } | undefined> {
  const [row] = await db.select({ maxFileBytes: filingSettings.maxFileBytes, maxTotalBytes: filingSettings.maxTotalBytes }).from(filingSettings);
  return row;
}

/** The firm's one settings row ('firm'), written whole. */
export async function saveFilingSettings(db: Tx, values: { maxFileBytes: number; maxTotalBytes: number; updatedBy: string }): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db.insert(filingSettings).values(row).onConflictDoUpdate({ target: filingSettings.id, set: row });
}

/** The case's client's name, for the index. */
export async function caseClientName(db: Db, caseId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: account.firstName, lastName: account.lastName })
    .from(clientCase)
    .innerJoin(account, eq(account.id, clientCase.userId))
    .where(eq(clientCase.id, caseId));
  return row ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() : '';
}

/** A new pack and its files, in the caller's transaction. */
export async function insertPack(tx: Tx, values: typeof filingPacks.$inferInsert, files: NewFile[]): Promise<FilingPackRow> {
  const pack = insertedRow(await tx.insert(filingPacks).values(values).returning());
  await tx.insert(filingPackFiles).values(files.map((file) => ({ ...file, packId: pack.id })));
  return pack;
}

/** A case's packs, newest first, with who made each. */
export function listCasePacks(db: Db, caseId: number) {
  return db
    .select({ pack: filingPacks, firstName: account.firstName, lastName: account.lastName })
    .from(filingPacks)
    .leftJoin(account, eq(account.id, filingPacks.createdBy))
    .where(eq(filingPacks.caseId, caseId))
    .orderBy(desc(filingPacks.createdAt));
}

export function listPackFiles(db: Db, packIds: string[]): Promise<FilingPackFileRow[]> {
  if (packIds.length === 0) return Promise.resolve([]);
  return db.select().from(filingPackFiles).where(inArray(filingPackFiles.packId, packIds)).orderBy(asc(filingPackFiles.number));
}

export async function findPack(db: Db, id: string): Promise<FilingPackRow | undefined> {
  const [row] = await db.select().from(filingPacks).where(eq(filingPacks.id, id));
  return row;
}

export async function findPackFile(db: Db, packId: string, number: number): Promise<FilingPackFileRow | undefined> {
  const [row] = (await listPackFiles(db, [packId])).filter((file) => file.number === number);
  return row;
}

/** Records the registry's date and receipt; answers the pack as it now is. */
export async function markPackFiled(tx: Tx, id: string, values: { filedOn: string; receiptNumber: string; filedBy: string }): Promise<FilingPackRow | undefined> {
  const [row] = await tx.update(filingPacks).set(values).where(eq(filingPacks.id, id)).returning();
  return row;
}

/** The cases that have packs, for the retention pass. */
export async function listCasesWithPacks(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ caseId: filingPacks.caseId }).from(filingPacks);
  return rows.map((row) => row.caseId);
}

/** Deletes a case's packs with their files' rows; answers the stored keys, to remove after the commit. */
export async function deleteCasePacks(tx: Tx, caseId: number): Promise<string[]> {
  const packIds = (await tx.select({ id: filingPacks.id }).from(filingPacks).where(eq(filingPacks.caseId, caseId))).map((row) => row.id);
  if (packIds.length === 0) return [];
  const files = await tx.select({ key: filingPackFiles.storagePath }).from(filingPackFiles).where(inArray(filingPackFiles.packId, packIds));
  await tx.delete(filingPacks).where(eq(filingPacks.caseId, caseId));
  return files.map((file) => file.key);
}

/** For the orphan sweep: the stored files the packs name. */
export const filingPackStoredFiles = {
  column: filingPackFiles.storagePath,
  async namedAmong(db: Db, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await db.select({ key: filingPackFiles.storagePath }).from(filingPackFiles).where(inArray(filingPackFiles.storagePath, keys));
    return rows.map((row) => row.key);
  },
};
