import { asc, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { caseDeadlines } from '#server/db/schema/deadlines.ts';

export const personalTables = [caseDeadlines];

export function readDeadlines(db: Db, caseIds: number[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      caseId: caseDeadlines.caseId,
      kind: caseDeadlines.kind,
      startDate: caseDeadlines.startDate,
      madeAvailableOn: caseDeadlines.madeAvailableOn,
      openedOn: caseDeadlines.openedOn,
      dueDate: caseDeadlines.dueDate,
      opensOn: caseDeadlines.opensOn,
      note: caseDeadlines.note,
      doneAt: caseDeadlines.doneAt,
      createdAt: caseDeadlines.createdAt,
    })
    .from(caseDeadlines)
    .where(inArray(caseDeadlines.caseId, caseIds))
    .orderBy(asc(caseDeadlines.dueDate));
}

/** Every deadline of these cases, kept cases' too (their reminders go with them). */
export async function eraseDeadlines(db: Db, caseIds: number[]): Promise<void> {
  if (caseIds.length === 0) return;
  await db.delete(caseDeadlines).where(inArray(caseDeadlines.caseId, caseIds));
}
