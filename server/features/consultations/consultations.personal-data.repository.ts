import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Person } from '#server/db/personal-data.ts';
import { consultationAttachments, consultationMessages, consultations } from '#server/db/schema/consultations.ts';

export const personalTables = [consultations, consultationMessages, consultationAttachments];

/** Their account's, and the expatriation requests sent signed out with their e-mail. */
export async function findConsultationIds(db: Db, person: Person): Promise<string[]> {
  const rows = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(or(eq(consultations.userId, person.id), and(isNull(consultations.userId), sql`lower(${consultations.details}->>'email') = lower(${person.email})`)));
  return rows.map((row) => row.id);
}

export async function readConsultations(db: Db, consultationIds: string[]) {
  if (consultationIds.length === 0) return { consultations: [], messages: [], attachments: [] };
  const [consultationRows, messages, attachments] = await Promise.all([
    db
      .select({
        id: consultations.id,
        type: consultations.consultationType,
        status: consultations.status,
        details: consultations.details,
        privacyConsentedAt: consultations.privacyConsentedAt,
        privacyPolicyVersion: consultations.privacyPolicyVersion,
        scheduledAt: consultations.scheduledAt,
        meetingMode: consultations.meetingMode,
        videoUrl: consultations.videoUrl,
        answeredAt: consultations.answeredAt,
        firmNote: consultations.firmNote,
        recommendedServiceId: consultations.recommendedServiceId,
        completedAt: consultations.completedAt,
        cancelledAt: consultations.cancelledAt,
        createdAt: consultations.createdAt,
      })
      .from(consultations)
      .where(inArray(consultations.id, consultationIds))
      .orderBy(asc(consultations.createdAt)),
    db
      .select({ id: consultationMessages.id, consultationId: consultationMessages.consultationId, author: consultationMessages.author, body: consultationMessages.body, createdAt: consultationMessages.createdAt })
      .from(consultationMessages)
      .where(inArray(consultationMessages.consultationId, consultationIds))
      .orderBy(asc(consultationMessages.createdAt)),
    db
      .select({
        id: consultationAttachments.id,
        messageId: consultationAttachments.messageId,
        consultationId: consultationMessages.consultationId,
        name: consultationAttachments.originalName,
        contentType: consultationAttachments.contentType,
        sizeBytes: consultationAttachments.sizeBytes,
        storageKey: consultationAttachments.storagePath,
      })
      .from(consultationAttachments)
      .innerJoin(consultationMessages, eq(consultationMessages.id, consultationAttachments.messageId))
      .where(inArray(consultationMessages.consultationId, consultationIds))
      .orderBy(asc(consultationAttachments.createdAt)),
  ]);
  return { consultations: consultationRows, messages, attachments };
}

export async function consultationFileKeys(db: Db, consultationIds: string[]): Promise<string[]> {
  if (consultationIds.length === 0) return [];
  const rows = await db
    .select({ key: consultationAttachments.storagePath })
    .from(consultationAttachments)
    .innerJoin(consultationMessages, eq(consultationMessages.id, consultationAttachments.messageId))
    .where(inArray(consultationMessages.consultationId, consultationIds));
  return rows.map((row) => row.key);
}

/** The messages (and their attachments) go; the consultations too, but those a payment names. */
export async function eraseConsultations(db: Db, consultationIds: string[], keptIds: string[]): Promise<void> {
  if (consultationIds.length === 0) return;
  await db.delete(consultationMessages).where(inArray(consultationMessages.consultationId, consultationIds));
  await db
    .delete(consultations)
    .where(keptIds.length > 0 ? and(inArray(consultations.id, consultationIds), notInArray(consultations.id, keptIds)) : inArray(consultations.id, consultationIds));
  // What a hired consultation keeps in `details` is the service and the payment, nothing about the person.
  if (keptIds.length > 0) await db.update(consultations).set({ firmNote: null, videoUrl: null }).where(inArray(consultations.id, keptIds));
}
