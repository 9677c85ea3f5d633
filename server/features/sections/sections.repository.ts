import { asc, eq } from 'drizzle-orm';
import type { SectionTextsByLanguage } from '#common/sections/sections.contract.ts';
import type { Db } from '#server/db/client.ts';
import { sectionPages } from '#server/db/schema/sections.ts';

export type SectionRow = typeof sectionPages.$inferSelect;

export function listSections(db: Db): Promise<SectionRow[]> {
  return db.select().from(sectionPages).orderBy(asc(sectionPages.id));
}

export async function findSection(db: Db, id: string): Promise<SectionRow | undefined> {
  const [row] = await db.select().from(sectionPages).where(eq(sectionPages.id, id));
  return row;
}

export async function updateSectionTexts(db: Db, id: string, texts: SectionTextsByLanguage): Promise<SectionRow | undefined> {
  const [row] = await db.update(sectionPages).set({ texts, updatedAt: new Date() }).where(eq(sectionPages.id, id)).returning();
  return row;
}
