import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { consultations } from '#server/db/schema/consultations.ts';
import { accountsToJoin as client } from '#server/features/auth/accounts.service.ts';

const appointmentColumns = {
  id: consultations.id,
  userId: consultations.userId,
  consultationType: consultations.consultationType,
  status: consultations.status,
  scheduledAt: consultations.scheduledAt,
  meetingMode: consultations.meetingMode,
  videoUrl: consultations.videoUrl,
  firmNote: consultations.firmNote,
  recommendedServiceId: consultations.recommendedServiceId,
  createdAt: consultations.createdAt,
  client: { email: client.email, firstName: client.firstName, lastName: client.lastName, phone: client.phone, language: client.language },
};

/** A client's consultation with what its mails need of the account; a form's consultation (no account) is not found. */
export async function findAppointment(db: Db, id: string) {
  const [row] = await db.select(appointmentColumns).from(consultations).innerJoin(client, eq(client.id, consultations.userId)).where(eq(consultations.id, id));
  return row;
}

export type AppointmentRow = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

/** Pending appointments of clients starting within (now, until] whose reminder has not left, soonest first. */
export function listAppointmentsToRemind(db: Db, now: Date, until: Date) {
  return db
    .select(appointmentColumns)
    .from(consultations)
    .innerJoin(client, eq(client.id, consultations.userId))
    .where(
      and(
        eq(consultations.status, 'pendiente'),
        isNotNull(consultations.scheduledAt),
        gt(consultations.scheduledAt, now),
        lte(consultations.scheduledAt, until),
        isNull(consultations.reminderSentAt),
      ),
    )
    .orderBy(asc(consultations.scheduledAt));
}

/**
 * Records the reminder of the appointment at `scheduledAt` as sent, if nobody did: true for the one
 * caller that wins, so that the reminder leaves once however many instances try.
 */
export async function claimAppointmentReminder(db: Db, id: string, scheduledAt: Date, sentAt: Date): Promise<boolean> {
  const claimed = await db
    .update(consultations)
    .set({ reminderSentAt: sentAt })
    .where(and(eq(consultations.id, id), eq(consultations.scheduledAt, scheduledAt), eq(consultations.status, 'pendiente'), isNull(consultations.reminderSentAt)))
    .returning({ id: consultations.id });
  return claimed.length > 0;
}

/** Records the appointment's reminder as sent (`sentAt`), or as due again (null) after it moved. */
export async function setAppointmentReminder(db: Db, id: string, sentAt: Date | null): Promise<void> {
  await db.update(consultations).set({ reminderSentAt: sentAt }).where(eq(consultations.id, id));
}

export async function updateVideoUrl(db: Db, id: string, videoUrl: string | null) {
  const [row] = await db.update(consultations).set({ videoUrl }).where(eq(consultations.id, id)).returning();
  return row;
}

/** Completes a pending consultation with its outcome: answered now too, unless the firm answered before. */
export async function recordOutcome(db: Db, id: string, outcome: { firmNote: string; recommendedServiceId: string | null; completedAt: Date }): Promise<boolean> {
  const updated = await db
    .update(consultations)
    .set({
      status: 'completada',
      firmNote: outcome.firmNote,
      recommendedServiceId: outcome.recommendedServiceId,
      completedAt: outcome.completedAt,
      answeredAt: sql`coalesce(${consultations.answeredAt}, ${outcome.completedAt})`,
    })
    .where(and(eq(consultations.id, id), eq(consultations.status, 'pendiente')))
    .returning({ id: consultations.id });
  return updated.length > 0;
}
