import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { agendaDayOverrides, agendaSettings } from '#server/db/schema/agenda.ts';

export type AgendaSettingsRow = typeof agendaSettings.$inferSelect;
export type DayOverrideRow = typeof agendaDayOverrides.$inferSelect;

export async function findAgendaSettings(db: Db): Promise<AgendaSettingsRow | undefined> {
  const [row] = await db.select().from(agendaSettings);
  return row;
}

export function listDayOverrides(db: Db): Promise<DayOverrideRow[]> {
  return db.select().from(agendaDayOverrides).orderBy(asc(agendaDayOverrides.date));
}

/** The firm's one settings row ('firm'), written whole. */
export async function saveAgendaSettings(db: Db, values: Pick<AgendaSettingsRow, 'weeklyHours' | 'minimumNoticeHours' | 'expressFollowUps'>): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db.insert(agendaSettings).values(row).onConflictDoUpdate({ target: agendaSettings.id, set: row });
}

export async function findDayOverride(db: Db, date: string): Promise<DayOverrideRow | undefined> {
  const [row] = await db.select().from(agendaDayOverrides).where(eq(agendaDayOverrides.date, date));
  return row;
}

export async function saveDayOverride(db: Db, values: Pick<DayOverrideRow, 'date' | 'ranges' | 'note'>): Promise<void> {
  await db
    .insert(agendaDayOverrides)
    .values(values)
    .onConflictDoUpdate({ target: agendaDayOverrides.date, set: { ranges: values.ranges, note: values.note } });
}

export async function deleteDayOverride(db: Db, date: string): Promise<DayOverrideRow | undefined> {
  const [row] = await db.delete(agendaDayOverrides).where(eq(agendaDayOverrides.date, date)).returning();
  return row;
}
