import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { consultationAttachments, consultationMessages, consultations } from '#server/db/schema/consultations.ts';

export type ThreadMessageRow = typeof consultationMessages.$inferSelect;
export type ThreadAttachmentRow = typeof consultationAttachments.$inferSelect;

/**
 * What the thread needs of its consultation: whose it is, its type and whether it is still open.
 * Locked (inside a transaction) when a message is about to be added, so a completion waits or wins.
 */
export async function findThreadConsultation(db: Db, id: string, { isLocked = false } = {}) {
  const query = db
    .select({
      id: consultations.id,
      userId: consultations.userId,
      consultationType: consultations.consultationType,
      status: consultations.status,
      answeredAt: consultations.answeredAt,
      createdAt: consultations.createdAt,
    })
    .from(consultations)
    .where(eq(consultations.id, id));
  const [row] = await (isLocked ? query.for('update') : query);
  return row;
}

/** How many messages of this author the thread holds. */
export async function countThreadMessages(db: Db, consultationId: string, author: 'client' | 'firm'): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(consultationMessages)
    .where(and(eq(consultationMessages.consultationId, consultationId), eq(consultationMessages.author, author)));
  return row?.count ?? 0;
}

/** Whose the consultation is: null for a request sent signed out. */
export async function findConsultationClientId(db: Db, consultationId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ userId: consultations.userId }).from(consultations).where(eq(consultations.id, consultationId));
  return row?.userId;
}

/** The thread's messages, oldest first, with the files of each. */
export async function listThread(db: Db, consultationId: string) {
  const messages = await db
    .select()
    .from(consultationMessages)
    .where(eq(consultationMessages.consultationId, consultationId))
    .orderBy(asc(consultationMessages.createdAt), asc(consultationMessages.id));
  const attachments = messages.length
    ? await db
        .select()
        .from(consultationAttachments)
        .where(
          inArray(
            consultationAttachments.messageId,
            messages.map((message) => message.id),
          ),
        )
        .orderBy(asc(consultationAttachments.createdAt), asc(consultationAttachments.originalName))
    : [];
  return { messages, attachments };
}

export async function insertThreadMessage(db: Db, values: typeof consultationMessages.$inferInsert): Promise<ThreadMessageRow> {
  return insertedRow(await db.insert(consultationMessages).values(values).returning());
}

export async function insertThreadAttachments(db: Db, values: Array<typeof consultationAttachments.$inferInsert>): Promise<ThreadAttachmentRow[]> {
  return values.length ? db.insert(consultationAttachments).values(values).returning() : [];
}

/** Stops the reply timer at the firm's first answer: only when it has not stopped yet. */
export async function markAnswered(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(consultations)
    .set({ answeredAt: at })
    .where(and(eq(consultations.id, id), isNull(consultations.answeredAt)));
}

/** One file of one consultation's thread. */
export async function findThreadAttachment(db: Db, consultationId: string, attachmentId: string): Promise<ThreadAttachmentRow | undefined> {
  const [row] = await db
    .select({ attachment: consultationAttachments })
    .from(consultationAttachments)
    .innerJoin(consultationMessages, eq(consultationMessages.id, consultationAttachments.messageId))
    .where(and(eq(consultationAttachments.id, attachmentId), eq(consultationMessages.consultationId, consultationId)));
  return row?.attachment;
}

/** The storage keys of every file of a consultation's thread (its rows go with the consultation). */
export async function listThreadStorageKeys(db: Db, consultationId: string): Promise<string[]> {
  const rows = await db
    .select({ key: consultationAttachments.storagePath })
    .from(consultationAttachments)
    .innerJoin(consultationMessages, eq(consultationMessages.id, consultationAttachments.messageId))
    .where(eq(consultationMessages.consultationId, consultationId));
  return rows.map((row) => row.key);
}

/**
 * The stored files consultations' attachments name, for the orphan sweep: their column (orphan-sweep.test.ts compares
 * the holders' columns with the schema) and which of some stored keys a row names.
 */
export const consultationAttachmentFiles = {
  column: consultationAttachments.storagePath,
  async namedAmong(db: Db, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await db.select({ key: consultationAttachments.storagePath }).from(consultationAttachments).where(inArray(consultationAttachments.storagePath, keys));
    return rows.map((row) => row.key);
  },
};
