import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { caseDocuments } from '#server/db/schema/cases.ts';
import { consultationAttachments } from '#server/db/schema/consultations.ts';
import { translationRequestDocuments } from '#server/db/schema/translations.ts';

/**
 * Every column that names a stored file. A table that stores a key must be added here, or the
 * sweep would remove its files: orphan-sweep.test.ts compares this list with the schema.
 */
export const storageKeyColumns = [caseDocuments.storagePath, consultationAttachments.storagePath, translationRequestDocuments.storageKey];

/** Which of `keys` a row names. */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  if (keys.length === 0) return referenced;
  for (const column of storageKeyColumns) {
    const rows = await db.select({ key: column }).from(column.table).where(inArray(column, keys));
    for (const row of rows) referenced.add(row.key);
  }
  return referenced;
}
