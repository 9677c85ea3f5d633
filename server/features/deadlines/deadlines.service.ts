import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { firmDay } from '#common/dates.ts';
import { addDays, computeDeadline, legalNotificationDay } from '#common/deadlines/deadline-rules.ts';
import {
  dueSoonDays,
  type AdminDeadline,
  type CaseDeadline,
  type DeadlinePreview,
  type DeadlineStartInput,
  type Holiday,
  type HolidayInput,
  type NewDeadline,
  type NoticeOpened,
} from '#common/deadlines/deadlines.contract.ts';
import type { TodayWhose } from '#common/today/today.contract.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { findAnyCase } from '#server/features/cases/cases.service.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import type { DeadlineMails, ReminderKind } from './deadlines.mails.ts';
import {
  claimReminder,
  deleteDeadline,
  deleteHoliday,
  findDeadline,
  insertDeadline,
  insertHoliday,
  listAdminDeadlines,
  listCaseDeadlines,
  listHolidays,
  listOpenDeadlinesUntil,
  listReminderCandidates,
  markDeadlineDone,
  updateDeadlineNotice,
  type CaseDeadlineRow,
  type HolidayRow,
} from './deadlines.repository.ts';

/** `now` is the worker's clock, so that tests move 'today' instead of waiting for it. */
export type DeadlinesDeps = { db: Db; mails: DeadlineMails; now: Clock };

/** The service whose cases count months for a requerimiento instead of working days. */
const nationalityServiceId = 'nationality';

function toHoliday(row: HolidayRow): Holiday {
  return { id: row.id, date: row.date, scope: row.scope, name: row.name };
}

function toDeadline(row: CaseDeadlineRow): CaseDeadline {
  return {
    id: row.id,
    caseId: row.caseId,
    displayId: caseDisplayId(row.caseId),
    kind: row.kind,
    startDate: row.startDate,
    madeAvailableOn: row.madeAvailableOn,
    openedOn: row.openedOn,
    dueDate: row.dueDate,
    opensOn: row.opensOn,
    note: row.note,
    doneAt: row.doneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function holidaysList({ db }: Pick<DeadlinesDeps, 'db'>): Promise<Holiday[]> {
  return (await listHolidays(db)).map(toHoliday);
}

export async function addHoliday({ db }: Pick<DeadlinesDeps, 'db'>, admin: Actor, input: HolidayInput): Promise<Holiday> {
  return db.transaction(async (tx) => {
    const row = await insertHoliday(tx, input);
    if (!row) throw new AppError('conflict', 'deadlines:errors.holidayExists');
    await recordAudit({ db: tx }, { actor: admin, action: 'HOLIDAY_CREATE', targetTable: 'holidays', targetId: row.id, details: { ...input } });
    return toHoliday(row);
  });
}

export async function removeHoliday({ db }: Pick<DeadlinesDeps, 'db'>, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteHoliday(tx, id);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'DELETE', targetTable: 'holidays', targetId: id, details: toHoliday(row) });
  });
}

/** An opening day is a fact: one still to come is refused (the firm's day of the worker's clock). */
function refuseFutureOpening(openedOn: string | undefined, now: Clock): void {
  if (openedOn !== undefined && openedOn > firmDay(now())) throw new AppError('validation', 'deadlines:errors.openedInFuture');
}

/** The case's service says whether a requerimiento counts months; the holidays are every one recorded. */
async function countingRules(db: Db, caseId: number): Promise<{ isNationality: boolean; holidays: Set<string> }> {
  const found = await findAnyCase({ db }, caseId);
  if (!found) throw new AppError('notFound');
  return { isNationality: found.serviceId === nationalityServiceId, holidays: new Set((await listHolidays(db)).map((row) => row.date)) };
}

/** The dates a deadline of this case would get, from the legal day of its notification (docs/product/notification-clock.md). */
export async function previewDeadline({ db, now }: Pick<DeadlinesDeps, 'db' | 'now'>, caseId: number, start: DeadlineStartInput): Promise<DeadlinePreview> {
  refuseFutureOpening(start.openedOn, now);
  const { isNationality, holidays } = await countingRules(db, caseId);
  const notifiedOn = start.notice === 'electronic' ? legalNotificationDay({ madeAvailableOn: start.startDate, openedOn: start.openedOn ?? null }).notifiedOn : start.startDate;
  return { ...computeDeadline({ kind: start.kind, startDate: notifiedOn, isNationality }, holidays), isNationality, notifiedOn };
}

/** Records a deadline on a case with the dates the rules give it today, and its audit row. */
export async function addDeadline(deps: Pick<DeadlinesDeps, 'db' | 'now'>, admin: Actor, caseId: number, input: NewDeadline): Promise<CaseDeadline> {
  const { dueDate, opensOn, notifiedOn } = await previewDeadline(deps, caseId, input);
  const isElectronic = input.notice === 'electronic';
  const madeAvailableOn = isElectronic ? input.startDate : null;
  const openedOn = isElectronic ? (input.openedOn ?? null) : null;
  return deps.db.transaction(async (tx) => {
    const row = await insertDeadline(tx, { caseId, kind: input.kind, startDate: notifiedOn, madeAvailableOn, openedOn, dueDate, opensOn, note: input.note, createdBy: admin.id });
    await recordAudit({ db: tx }, { actor: admin, action: 'DEADLINE_CREATE', targetTable: 'case_deadlines', targetId: row.id, details: { caseId, kind: row.kind, startDate: row.startDate, ...(madeAvailableOn ? { madeAvailableOn, openedOn } : {}), dueDate } });
    return toDeadline(row);
  });
}

/**
 * Records that an electronic notification recorded unopened was opened on `openedOn`. Opened
 * within its 10 days, that day becomes the legal day: the deadline's dates are computed again from
 * it (earlier, never later) and its reminders start over, so the ones of the new due day go out.
 * Opened later, only the day is kept. Refused (409) for a notification that was not electronic or
 * whose opening is already recorded.
 */
export async function markNoticeOpened({ db, now }: Pick<DeadlinesDeps, 'db' | 'now'>, admin: Actor, id: string, { openedOn }: NoticeOpened): Promise<CaseDeadline> {
  refuseFutureOpening(openedOn, now);
  return db.transaction(async (tx) => {
    const row = await findDeadline(tx, id);
    if (!row) throw new AppError('notFound');
    if (row.madeAvailableOn === null) throw new AppError('conflict', 'deadlines:errors.notElectronic');
    if (row.openedOn !== null) throw new AppError('conflict', 'deadlines:errors.alreadyOpened');
    if (openedOn < row.madeAvailableOn) throw new AppError('validation', 'deadlines:errors.openedBeforeAvailable');
    const { notifiedOn } = legalNotificationDay({ madeAvailableOn: row.madeAvailableOn, openedOn });
    const { isNationality, holidays } = await countingRules(tx, row.caseId);
    const dates = notifiedOn === row.startDate ? { dueDate: row.dueDate, opensOn: row.opensOn } : computeDeadline({ kind: row.kind, startDate: notifiedOn, isNationality }, holidays);
    const updated = await updateDeadlineNotice(tx, id, { openedOn, startDate: notifiedOn, ...dates }, dates.dueDate !== row.dueDate);
    await recordAudit({ db: tx }, { actor: admin, action: 'DEADLINE_NOTICE_OPENED', targetTable: 'case_deadlines', targetId: id, details: { caseId: row.caseId, openedOn, startDate: notifiedOn, dueDate: dates.dueDate, previousDueDate: row.dueDate } });
    return toDeadline(updated);
  });
}

export async function completeDeadline({ db, now }: Pick<DeadlinesDeps, 'db' | 'now'>, admin: Actor, id: string): Promise<CaseDeadline> {
  return db.transaction(async (tx) => {
    const row = await markDeadlineDone(tx, id, now());
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'DEADLINE_DONE', targetTable: 'case_deadlines', targetId: id, details: { caseId: row.caseId, kind: row.kind } });
    return toDeadline(row);
  });
}

export async function removeDeadline({ db }: Pick<DeadlinesDeps, 'db'>, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteDeadline(tx, id);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'DELETE', targetTable: 'case_deadlines', targetId: id, details: toDeadline(row) });
  });
}

/** The open deadlines of a case of the client's own; another's case is unknown (404), so ids cannot be probed. */
export async function clientCaseDeadlines({ db }: Pick<DeadlinesDeps, 'db'>, userId: string, caseId: number): Promise<CaseDeadline[]> {
  const found = await findAnyCase({ db }, caseId);
  if (!found || found.userId !== userId) throw new AppError('notFound');
  return (await listCaseDeadlines(db, caseId, true)).map(toDeadline);
}

/** Every deadline of a case, open and done, for the firm's case page. */
export async function adminCaseDeadlines({ db }: Pick<DeadlinesDeps, 'db'>, caseId: number): Promise<CaseDeadline[]> {
  if (!(await findAnyCase({ db }, caseId))) throw new AppError('notFound');
  return (await listCaseDeadlines(db, caseId, false)).map(toDeadline);
}

/** Open deadlines overdue or due within the next 30 days, latest due first, for the Plazos tab. */
export async function adminDeadlinesPage({ db, now }: Pick<DeadlinesDeps, 'db' | 'now'>, query: AdminListQuery): Promise<Page<AdminDeadline>> {
  const { rows, total } = await listAdminDeadlines(db, query, addDays(firmDay(now()), dueSoonDays));
  return adminPage(
    query,
    rows.map(({ deadline, clientName, clientEmail }) => ({ ...toDeadline(deadline), client: { name: clientName, email: clientEmail } })),
    total,
  );
}

/** Open deadlines overdue or due within `days` of `today`, soonest first, with the case's client and who handles it (the "Hoy" view's). */
export function deadlinesDueWithin({ db }: Pick<DeadlinesDeps, 'db'>, whose: TodayWhose, today: string, days: number, limit: number) {
  return listOpenDeadlinesUntil(db, whose, addDays(today, days), limit);
}

/** Reminders before the due day, latest last: on a given day only the latest one whose day has come is sent. */
const dueReminders: ReadonlyArray<{ reminder: ReminderKind; daysBefore: number }> = [
  { reminder: 'week', daysBefore: 7 },
  { reminder: 'two_days', daysBefore: 2 },
  { reminder: 'due_day', daysBefore: 0 },
];

/**
 * Which reminders `today` calls for: the window's opening once it has opened, and the latest of
 * 'a week before', 'two days before' and 'on the day' whose day has come. A deadline recorded
 * late gets only the reminder of the moment, never a stale one.
 */
function remindersDue(deadline: Pick<CaseDeadlineRow, 'dueDate' | 'opensOn'>, today: string): ReminderKind[] {
  if (deadline.dueDate < today) return [];
  const due = dueReminders.filter(({ daysBefore }) => addDays(deadline.dueDate, -daysBefore) <= today).at(-1);
  return [...(deadline.opensOn !== null && deadline.opensOn <= today ? (['opens'] as const) : []), ...(due ? [due.reminder] : [])];
}

/**
 * Mails every reminder due today (the firm's day) to the client and to the firm. Each mail is
 * enqueued in the transaction that records it in deadline_reminders, whose key makes it once
 * only, however many instances or runs try. Returns how many mails were queued.
 */
export async function sendDueReminders({ db, mails, now }: DeadlinesDeps): Promise<number> {
  const today = firmDay(now());
  const candidates = await listReminderCandidates(db, today, addDays(today, 7));
  let queued = 0;
  for (const { deadline, client } of candidates) {
    for (const reminder of remindersDue(deadline, today)) {
      const content = { reminder, deadline, client };
      for (const recipient of ['client', 'firm'] as const) {
        const isQueued = await db.transaction(async (tx) => {
          if (!(await claimReminder(tx, { deadlineId: deadline.id, reminder, recipient }))) return false;
          await (recipient === 'client' ? mails.toClient(tx, content) : mails.toFirm(tx, content));
          return true;
        });
        if (isQueued) queued += 1;
      }
    }
  }
  return queued;
}
