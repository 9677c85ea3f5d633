import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Db } from '#server/db/client.ts';
import { containing, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { users } from '#server/db/schema/auth.ts';
import { cases } from '#server/db/schema/cases.ts';
import { caseDeadlines, deadlineReminders, holidays } from '#server/db/schema/deadlines.ts';

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
      ilike(users.name, containing(query.q)),
      ilike(users.email, containing(query.q)),
      ilike(caseDeadlines.note, containing(query.q)),
      ...(caseNumber ? [eq(caseDeadlines.caseId, Number(caseNumber))] : []),
    );
    if (search) conditions.push(search);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ deadline: caseDeadlines, clientName: users.name, clientEmail: users.email })
    .from(caseDeadlines)
    .innerJoin(cases, eq(cases.id, caseDeadlines.caseId))
    .innerJoin(users, eq(users.id, cases.userId))
    .where(where)
    .orderBy(desc(caseDeadlines.dueDate), desc(caseDeadlines.createdAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(caseDeadlines)
    .innerJoin(cases, eq(cases.id, caseDeadlines.caseId))
    .innerJoin(users, eq(users.id, cases.userId))
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
      client: { email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language },
    })
    .from(caseDeadlines)
    .innerJoin(cases, eq(cases.id, caseDeadlines.caseId))
    .innerJoin(users, eq(users.id, cases.userId))
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
