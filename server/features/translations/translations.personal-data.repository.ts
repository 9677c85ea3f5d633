import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { translationRequestDocuments, translationRequests } from '#server/db/schema/translations.ts';

export const personalTables = [translationRequests, translationRequestDocuments];

export async function findTranslationRequestIds(db: Db, email: string): Promise<string[]> {
  const rows = await db.select({ id: translationRequests.id }).from(translationRequests).where(sql`lower(${translationRequests.email}) = lower(${email})`);
  return rows.map((row) => row.id);
}

export async function readTranslationRequests(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return { requests: [], documents: [] };
  const [requests, documents] = await Promise.all([
    db
      .select({
        id: translationRequests.id,
        name: translationRequests.name,
        email: translationRequests.email,
        phone: translationRequests.phone,
        sourceLanguage: translationRequests.sourceLanguage,
        destinationLanguage: translationRequests.destinationLanguage,
        isSworn: translationRequests.isSworn,
        textToTranslate: translationRequests.textToTranslate,
        privacyConsentedAt: translationRequests.privacyConsentedAt,
        privacyPolicyVersion: translationRequests.privacyPolicyVersion,
        answeredAt: translationRequests.answeredAt,
        createdAt: translationRequests.createdAt,
      })
      .from(translationRequests)
      .where(inArray(translationRequests.id, requestIds))
      .orderBy(asc(translationRequests.createdAt)),
    db
      .select({
        id: translationRequestDocuments.id,
        requestId: translationRequestDocuments.translationRequestId,
        name: translationRequestDocuments.originalName,
        contentType: translationRequestDocuments.contentType,
        sizeBytes: translationRequestDocuments.sizeBytes,
        storageKey: translationRequestDocuments.storageKey,
      })
      .from(translationRequestDocuments)
      .where(inArray(translationRequestDocuments.translationRequestId, requestIds))
      .orderBy(asc(translationRequestDocuments.createdAt)),
  ]);
  return { requests, documents };
}

export async function translationFileKeys(db: Db, requestIds: string[]): Promise<string[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .select({ key: translationRequestDocuments.storageKey })
    .from(translationRequestDocuments)
    .where(inArray(translationRequestDocuments.translationRequestId, requestIds));
  return rows.map((row) => row.key);
}

/** The requests go, their documents' rows with them. */
export async function eraseTranslationRequests(db: Db, requestIds: string[]): Promise<void> {
  if (requestIds.length > 0) await db.delete(translationRequests).where(inArray(translationRequests.id, requestIds));
}
