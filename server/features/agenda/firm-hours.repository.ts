import { asc } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { agendaDayOverrides, agendaSettings } from '#server/db/schema/index.ts';

export type AgendaSettingsRow = typeof agendaSettings.$inferSelect;
export type DayOverrideRow = typeof agendaDayOverrides.$inferSelect;

export async function findAgendaSettings(db: Db): Promise<AgendaSettingsRow | undefined> {
  const [row] = await db.select().from(agendaSettings);
  return row;
}

export function listDayOverrides(db: Db): Promise<DayOverrideRow[]> {
  return db.select().from(agendaDayOverrides).orderBy(asc(agendaDayOverrides.date));
}
