import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { consultations } from '#server/db/schema/consultations.ts';
import { accountsToJoin as client } from '#server/features/auth/accounts.service.ts';

/** The consultation to answer, locked, with its account (none for an anonymous request). */
export async function findConsultationToAnswer(db: Db, id: string) {
  const [row] = await db
    .select({
      consultation: consultations,
      account: { email: client.email, firstName: client.firstName, language: client.language },
    })
    .from(consultations)
    .leftJoin(client, eq(client.id, consultations.userId))
    .where(eq(consultations.id, id))
    .for('update', { of: consultations });
  return row;
}

/** Keeps the firm's answer; the first answer's time stays (the reply timer stopped there). */
export async function saveConsultationAnswer(db: Db, id: string, answer: { firmNote: string; scheduledAt: Date | null; answeredAt: Date }) {
  await db
    .update(consultations)
    .set({
      firmNote: answer.firmNote,
      scheduledAt: answer.scheduledAt,
      answeredAt: sql`coalesce(${consultations.answeredAt}, ${answer.answeredAt.toISOString()}::timestamptz)`,
    })
    .where(eq(consultations.id, id));
}
