import { and, asc, eq, gt, gte, isNull, lt, lte } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { officialAppointments } from '#server/db/schema/official-appointments.ts';
import { accountsToJoin as client } from '#server/features/auth/accounts.service.ts';
import { caseClientsToJoin as clientCase } from '#server/features/cases/cases.service.ts';

export type OfficialAppointmentRow = typeof officialAppointments.$inferSelect;
type Details = Pick<OfficialAppointmentRow, 'kind' | 'startsAt' | 'office' | 'officeAddress' | 'reference' | 'whatToBring'>;

/** Which reminder: its column, so that each is sent once. */
export type ReminderColumn = 'remindedThreeDaysAt' | 'remindedOneDayAt';

/** A case's appointments, soonest first; those after `after` only, when given. */
export function listCaseAppointments(db: Db, caseId: number, after?: Date): Promise<OfficialAppointmentRow[]> {
  return db
    .select()
    .from(officialAppointments)
    .where(and(eq(officialAppointments.caseId, caseId), after ? gt(officialAppointments.startsAt, after) : undefined))
    .orderBy(asc(officialAppointments.startsAt));
}

export async function insertAppointment(tx: Tx, values: Details & Pick<OfficialAppointmentRow, 'caseId' | 'createdBy'>): Promise<OfficialAppointmentRow> {
  return insertedRow(await tx.insert(officialAppointments).values(values).returning());
}

/** The appointment as it was and as it is now; a new day or time clears its reminders, which are sent again for the new one. */
export async function updateAppointment(tx: Tx, id: string, values: Details): Promise<{ before: OfficialAppointmentRow; after: OfficialAppointmentRow } | undefined> {
  const [before] = await tx.select().from(officialAppointments).where(eq(officialAppointments.id, id)).for('update');
  if (!before) return undefined;
  const isMoved = before.startsAt.getTime() !== values.startsAt.getTime();
  const [after] = await tx
    .update(officialAppointments)
    .set({ ...values, ...(isMoved ? { remindedThreeDaysAt: null, remindedOneDayAt: null } : {}) })
    .where(eq(officialAppointments.id, id))
    .returning();
  return after && { before, after };
}

export async function deleteAppointment(tx: Tx, id: string): Promise<OfficialAppointmentRow | undefined> {
  const [row] = await tx.delete(officialAppointments).where(eq(officialAppointments.id, id)).returning();
  return row;
}

export async function findAppointment(db: Db | Tx, id: string): Promise<OfficialAppointmentRow | undefined> {
  const [row] = await db.select().from(officialAppointments).where(eq(officialAppointments.id, id));
  return row;
}

/** Who an appointment's mails go to: its case's client. */
export async function appointmentClient(db: Db | Tx, caseId: number) {
  const [row] = await db
    .select({ userId: client.id, email: client.email, firstName: client.firstName, lastName: client.lastName, language: client.language })
    .from(clientCase)
    .innerJoin(client, eq(client.id, clientCase.userId))
    .where(eq(clientCase.id, caseId));
  return row;
}

/** Appointments still to come within `until` whose reminder in `column` has not left. */
export function listDueReminders(db: Db, column: ReminderColumn, now: Date, until: Date): Promise<OfficialAppointmentRow[]> {
  return db
    .select()
    .from(officialAppointments)
    .where(and(isNull(officialAppointments[column]), gt(officialAppointments.startsAt, now), lte(officialAppointments.startsAt, until)))
    .orderBy(asc(officialAppointments.startsAt));
}

/** Takes a reminder for its sender, in the transaction that mails it: false when another instance took it. */
export async function claimReminder(tx: Tx, id: string, column: ReminderColumn, at: Date): Promise<boolean> {
  const taken = await tx
    .update(officialAppointments)
    .set({ [column]: at })
    .where(and(eq(officialAppointments.id, id), isNull(officialAppointments[column])))
    .returning({ id: officialAppointments.id });
  return taken.length > 0;
}

/** The appointments between two instants, with their case's client, for the agenda. */
export function listAppointmentsBetween(db: Db, from: Date, to: Date) {
  return db
    .select({ id: officialAppointments.id, caseId: officialAppointments.caseId, kind: officialAppointments.kind, startsAt: officialAppointments.startsAt, firstName: client.firstName, lastName: client.lastName })
    .from(officialAppointments)
    .innerJoin(clientCase, eq(clientCase.id, officialAppointments.caseId))
    .innerJoin(client, eq(client.id, clientCase.userId))
    .where(and(gte(officialAppointments.startsAt, from), lt(officialAppointments.startsAt, to)))
    .orderBy(asc(officialAppointments.startsAt));
}
