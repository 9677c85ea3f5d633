import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { agendaEvents } from '#server/db/schema/agenda.ts';

export const personalTables = [agendaEvents];

export async function eraseEventsOf(db: Db, adminId: string): Promise<void> {
  await db.delete(agendaEvents).where(eq(agendaEvents.adminId, adminId));
}
