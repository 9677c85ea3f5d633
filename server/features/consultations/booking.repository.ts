import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { consultationSlotHolds } from '#server/db/schema/consultations.slot-holds.ts';
import { consultations } from '#server/db/schema/consultations.ts';

type ConsultationRow = typeof consultations.$inferSelect;
export type SlotHoldRow = typeof consultationSlotHolds.$inferSelect;

/** Any number: the key of the one advisory lock that every booking change takes. */
const bookingLockKey = 13_045_001;

/**
 * Serialises booking changes until the caller's transaction ends: whoever holds it reads the free
 * slots and writes a hold or an appointment before anyone else may, on PGlite and PostgreSQL alike.
 */
export async function lockBookings(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${bookingLockKey})`);
}

/** The appointments that start before `to` and may still run at `from` (not cancelled), but `exceptId`'s. */
export function listAppointmentsAround(db: Db, from: Date, to: Date, lengthMs: number, exceptId?: string) {
  return db
    .select({ id: consultations.id, scheduledAt: consultations.scheduledAt })
    .from(consultations)
    .where(
      and(
        ne(consultations.status, 'cancelada'),
        lt(consultations.scheduledAt, to),
        gt(consultations.scheduledAt, new Date(from.getTime() - lengthMs)),
        exceptId ? ne(consultations.id, exceptId) : undefined,
      ),
    );
}

/** The holds of open checkouts still live at `now` that overlap the window. */
export function listLiveHolds(db: Db, from: Date, to: Date, now: Date) {
  return db
    .select({ startsAt: consultationSlotHolds.startsAt, endsAt: consultationSlotHolds.endsAt })
    .from(consultationSlotHolds)
    .where(and(gt(consultationSlotHolds.expiresAt, now), lt(consultationSlotHolds.startsAt, to), gt(consultationSlotHolds.endsAt, from)));
}

export async function insertHold(db: Db, values: typeof consultationSlotHolds.$inferInsert): Promise<void> {
  await db.insert(consultationSlotHolds).values(values);
}

/**
 * Ends at `now` the live holds of these checkouts and of this address: what a new checkout from
 * either gives up. An ended hold stays until its payment settles, so its page knows it closed.
 */
export async function endHolds(db: Db, { paymentIds, clientAddress, now }: { paymentIds: string[]; clientAddress: string; now: Date }): Promise<void> {
  await db
    .update(consultationSlotHolds)
    .set({ expiresAt: now })
    .where(
      and(
        gt(consultationSlotHolds.expiresAt, now),
        or(eq(consultationSlotHolds.clientAddress, clientAddress), paymentIds.length > 0 ? inArray(consultationSlotHolds.paymentId, paymentIds) : undefined),
      ),
    );
}

export async function findHold(db: Db, paymentId: string): Promise<SlotHoldRow | undefined> {
  const [row] = await db.select().from(consultationSlotHolds).where(eq(consultationSlotHolds.paymentId, paymentId));
  return row;
}

export async function deleteHold(db: Db, paymentId: string): Promise<SlotHoldRow | undefined> {
  const [row] = await db.delete(consultationSlotHolds).where(eq(consultationSlotHolds.paymentId, paymentId)).returning();
  return row;
}

export async function findConsultationForUpdate(db: Db, id: string): Promise<ConsultationRow | undefined> {
  const [row] = await db.select().from(consultations).where(eq(consultations.id, id)).for('update');
  return row;
}

export async function updateAppointment(
  db: Db,
  id: string,
  values: Partial<Pick<ConsultationRow, 'scheduledAt' | 'meetingMode' | 'answeredAt' | 'status' | 'cancelledAt'>>,
): Promise<void> {
  await db.update(consultations).set(values).where(eq(consultations.id, id));
}
