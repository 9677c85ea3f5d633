import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { insertedRow } from '#server/db/returning.ts';
import { agendaEvents } from '#server/db/schema/agenda.ts';

export type AgendaEventRow = typeof agendaEvents.$inferSelect;

export function listOwnEvents(db: Db, adminId: string, from: string, to: string): Promise<AgendaEventRow[]> {
  return db
    .select()
    .from(agendaEvents)
    .where(and(eq(agendaEvents.adminId, adminId), gte(agendaEvents.date, from), lte(agendaEvents.date, to)))
    .orderBy(asc(agendaEvents.date), asc(agendaEvents.time));
}

/** The events of one calendar day, by the time they are at (those without a time first): one person's, or every person's (no `adminId`). */
export function listEventsOn(db: Db, date: string, adminId: string | undefined): Promise<AgendaEventRow[]> {
  return db
    .select()
    .from(agendaEvents)
    .where(and(eq(agendaEvents.date, date), adminId === undefined ? undefined : eq(agendaEvents.adminId, adminId)))
    .orderBy(asc(agendaEvents.time), asc(agendaEvents.createdAt));
}

/** Every admin's events with a time between two calendar days (both included): what blocks the firm's agenda. */
export function listTimedEvents(db: Db, from: string, to: string): Promise<Array<{ date: string; time: string | null }>> {
  return db
    .select({ date: agendaEvents.date, time: agendaEvents.time })
    .from(agendaEvents)
    .where(and(isNotNull(agendaEvents.time), gte(agendaEvents.date, from), lte(agendaEvents.date, to)));
}

export async function insertEvent(db: Db, values: typeof agendaEvents.$inferInsert): Promise<AgendaEventRow> {
  return insertedRow(await db.insert(agendaEvents).values(values).returning());
}

/** Only the admin who wrote an event changes it. */
export async function updateOwnEvent(db: Db, adminId: string, id: string, values: Pick<AgendaEventRow, 'date' | 'time' | 'title'>) {
  const [row] = await db
    .update(agendaEvents)
    .set(values)
    .where(and(eq(agendaEvents.id, id), eq(agendaEvents.adminId, adminId)))
    .returning();
  return row;
}

export async function deleteOwnEvent(db: Db, adminId: string, id: string) {
  const [row] = await db.delete(agendaEvents).where(and(eq(agendaEvents.id, id), eq(agendaEvents.adminId, adminId))).returning();
  return row;
}
