import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { TodayWhose } from '#common/today/today.contract.ts';
import { assignedTo } from '#server/db/assigned-to.ts';
import type { Db } from '#server/db/client.ts';
import { containing, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { caseDeadlines, deadlineReminders, holidays } from '#server/db/schema/deadlines.ts';
import { accountsToJoin as client } from '#server/features/auth/accounts.service.ts';
import { caseClientsToJoin as clientCase } from '#server/features/cases/cases.service.ts';

export type HolidayRow = typeof holidays.$inferSelect;
export type CaseDeadlineRow = typeof caseDeadlines.$inferSelect;
type DeadlineReminderKey = Pick<typeof deadlineReminders.$inferInsert, 'deadlineId' | 'reminder' | 'recipient'>;

export function listHolidays(db: Db): Promise<HolidayRow[]> {
  return db.select().from(holidays).orderBy(asc(holidays.date), asc(holidays.scope));
}

/** The new holiday, or undefined when that day is already a holiday of that scope. */
export async function insertHoliday(db: Db, values: Pick<HolidayRow, 'date' | 'scope' | 'name'>): Promise<HolidayRow | undefined> {
  const [row] = await db.insert(holidays).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteHoliday(db: Db, id: string): Promise<HolidayRow | undefined> {
  const [row] = await db.delete(holidays).where(eq(holidays.id, id)).returning();
  return row;
}

export async function insertDeadline(db: Db, values: typeof caseDeadlines.$inferInsert): Promise<CaseDeadlineRow> {
  return insertedRow(await db.insert(caseDeadlines).values(values).returning());
}

/** A case's deadlines, soonest first: those not done yet, or with `isOpenOnly` false the done ones too. */
export function listCaseDeadlines(db: Db, caseId: number, isOpenOnly: boolean): Promise<CaseDeadlineRow[]> {
  return db
    .select()
    .from(caseDeadlines)
    .where(and(eq(caseDeadlines.caseId, caseId), isOpenOnly ? isNull(caseDeadlines.doneAt) : undefined))
    .orderBy(asc(caseDeadlines.dueDate), asc(caseDeadlines.createdAt));
}

export async function findDeadline(db: Db, id: string): Promise<CaseDeadlineRow | undefined> {
  const [row] = await db.select().from(caseDeadlines).where(eq(caseDeadlines.id, id)).for('update');
  return row;
}

/**
 * Writes a notification's opening day and the dates it gives; when `hasDueDateMoved`, forgets the
 * reminders sent, so those of the new due day are sent once each in turn.
 */
export async function updateDeadlineNotice(
  db: Db,
  id: string,
  values: Pick<CaseDeadlineRow, 'openedOn' | 'startDate' | 'dueDate' | 'opensOn'>,
  hasDueDateMoved: boolean,
): Promise<CaseDeadlineRow> {
  if (hasDueDateMoved) await db.delete(deadlineReminders).where(eq(deadlineReminders.deadlineId, id));
  const [row] = await db.update(caseDeadlines).set(values).where(eq(caseDeadlines.id, id)).returning();
  if (!row) throw new Error('the deadline to update is gone');
  return row;
}

/** Marks an open deadline done; undefined when there is none by that id or it was done already. */
export async function markDeadlineDone(db: Db, id: string, doneAt: Date): Promise<CaseDeadlineRow | undefined> {
  const [row] = await db
    .update(caseDeadlines)
    .set({ doneAt })
    .where(and(eq(caseDeadlines.id, id), isNull(caseDeadlines.doneAt)))
    .returning();
  return row;
}

export async function deleteDeadline(db: Db, id: string): Promise<CaseDeadlineRow | undefined> {
  const [row] = await db.delete(caseDeadlines).where(eq(caseDeadlines.id, id)).returning();
  return row;
}

/** Open deadlines due on or before `until` (overdue ones included), latest due first, with their client. */
export async function listAdminDeadlines(db: Db, query: AdminListQuery, until: string) {
  const { limit, offset } = pageWindow(query);
  const conditions: SQL[] = [isNull(caseDeadlines.doneAt), lte(caseDeadlines.dueDate, until)];
  if (query.q) {
    // 'EXP-007' (or '7') finds that case's deadlines too.
    const caseNumber = /^(?:EXP-?)?0*(\d{1,9})$/i.exec(query.q)?.[1];
    const search = or(
      ilike(client.name, containing(query.q)),
      ilike(client.email, containing(query.q)),
      ilike(caseDeadlines.note, containing(query.q)),
      ...(caseNumber ? [eq(caseDeadlines.caseId, Number(caseNumber))] : []),
    );
    if (search) conditions.push(search);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ deadline: caseDeadlines, clientName: client.name, clientEmail: client.email })
    .from(caseDeadlines)
    .innerJoin(clientCase, eq(clientCase.id, caseDeadlines.caseId))
    .innerJoin(client, eq(client.id, clientCase.userId))
    .where(where)
    .orderBy(desc(caseDeadlines.dueDate), desc(caseDeadlines.createdAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(caseDeadlines)
    .innerJoin(clientCase, eq(clientCase.id, caseDeadlines.caseId))
    .innerJoin(client, eq(client.id, clientCase.userId))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Open deadlines a reminder may be due for on `today`: not past, and due within `horizon` or with
 * a window already open; with the client the reminder goes to.
 */
export function listReminderCandidates(db: Db, today: string, horizon: string) {
  return db
    .select({
      deadline: caseDeadlines,
      client: { email: client.email, firstName: client.firstName, lastName: client.lastName, language: client.language },
    })
    .from(caseDeadlines)
    .innerJoin(clientCase, eq(clientCase.id, caseDeadlines.caseId))
    .innerJoin(client, eq(client.id, clientCase.userId))
    .where(
      and(
        isNull(caseDeadlines.doneAt),
        gte(caseDeadlines.dueDate, today),
        or(lte(caseDeadlines.dueDate, horizon), lte(caseDeadlines.opensOn, today)),
      ),
    )
    .orderBy(asc(caseDeadlines.dueDate));
}

/** Takes one reminder for its sender: false when it was taken already (by this or another instance). */
export async function claimReminder(db: Db, key: DeadlineReminderKey): Promise<boolean> {
  const inserted = await db.insert(deadlineReminders).values(key).onConflictDoNothing().returning({ id: deadlineReminders.id });
  return inserted.length > 0;
}

/** Open deadlines due on or before `until` (overdue ones included), soonest first, with the case's client and who handles the case. */
export function listOpenDeadlinesUntil(db: Db, whose: TodayWhose, until: string, limit: number) {
  return db
    .select({
      id: caseDeadlines.id,
      caseId: caseDeadlines.caseId,
      kind: caseDeadlines.kind,
      dueDate: caseDeadlines.dueDate,
      assigneeId: clientCase.assigneeId,
      clientName: client.name,
    })
    .from(caseDeadlines)
    .innerJoin(clientCase, eq(clientCase.id, caseDeadlines.caseId))
    .innerJoin(client, eq(client.id, clientCase.userId))
    .where(and(isNull(caseDeadlines.doneAt), lte(caseDeadlines.dueDate, until), assignedTo(clientCase.assigneeId, whose)))
    .orderBy(asc(caseDeadlines.dueDate), asc(caseDeadlines.createdAt))
    .limit(limit);
}
