import { firmDay } from '#common/dates.ts';
import { addDays } from '#common/deadlines/deadline-rules.ts';
import type { Db } from '#server/db/client.ts';
import { claimNotices, insertNotices, insertReminders, type NewCaseNotice } from './case-notices.repository.ts';
import type { CaseMails, ClientNoticeItem } from './cases.mails.ts';
import { findCaseClient } from './cases.repository.ts';
import type { Clock } from '#server/platform/worker/worker.ts';

/** The firm is done with a case for now once it has added nothing for this long: its notices leave in one mail. */
const quietMs = 3 * 60 * 1000;
/** However busy the firm stays on a case, no notice waits longer than this. */
const longestWaitMs = 15 * 60 * 1000;
/** A request is reminded this many days before its due date, and again once it is overdue. */
const reminderDays = 3;

/**
 * Keeps what the firm just asked of or gave a case's client, in the caller's transaction, to be
 * mailed together; `at` is the app's clock, which the quiet period is measured on.
 */
export function noticeClient(db: Db, caseId: number, at: Date, notices: Array<Omit<NewCaseNotice, 'caseId' | 'createdAt'>>): Promise<void> {
  return insertNotices(
    db,
    notices.map((notice) => ({ ...notice, caseId, createdAt: at })),
  );
}

/**
 * The reminders' pass: each request still waiting for the client is reminded once when it is due
 * within {@link reminderDays} days (on the firm's calendar) and once when overdue; the reminders
 * then leave with the case's other notices.
 */
export function remindDueRequests({ db, now }: { db: Db; now: Clock }): Promise<void> {
  const at = now();
  const today = firmDay(at);
  return insertReminders(db, { today, soonUntil: addDays(today, reminderDays), at });
}

/**
 * The background task's pass: for each case the firm has left alone for a few minutes, one mail to
 * its client, in their language, of what was asked, rejected or shared since the last one, and of
 * what is due soon or overdue. What no longer holds by then (a request answered or removed, a
 * rejection already re-uploaded, a reminder of a due date since changed) is left out, and so is a
 * due-soon reminder of a request the same mail asks for (its line gives the date).
 * The claim and the mails are one transaction, so with several instances each notice leaves once.
 */
export async function mailClientNotices({ db, mails, now }: { db: Db; mails: CaseMails; now: Clock }): Promise<number> {
  const at = now();
  return db.transaction(async (tx) => {
    const rows = await claimNotices(tx, at, new Date(at.getTime() - quietMs), new Date(at.getTime() - longestWaitMs));
    let sent = 0;
    for (const caseId of new Set(rows.map((row) => row.caseId))) {
      const client = await findCaseClient(tx, caseId);
      if (!client) continue;
      const ofCase = rows.filter((row) => row.caseId === caseId);
      const askedNow = new Set(ofCase.filter((row) => row.kind === 'request').map((row) => row.requestId));
      const items = ofCase.flatMap((row): ClientNoticeItem[] => {
        if (row.kind === 'shared') return row.documentName ? [{ kind: 'shared', name: row.documentName }] : [];
        const title = row.title?.[client.language] || row.title?.es;
        if (!title) return [];
        if (row.kind === 'rejection') return row.status === 'rejected' && row.rejectionReason ? [{ kind: 'rejection', title, reason: row.rejectionReason }] : [];
        if (row.kind === 'request') return row.status === 'requested' ? [{ kind: 'request', title, dueDate: row.dueDate }] : [];
        const isStillWaiting = (row.status === 'requested' || row.status === 'rejected') && row.dueDate === row.remindedDueDate;
        if (!isStillWaiting || !row.dueDate || (row.kind === 'dueSoon' && askedNow.has(row.requestId))) return [];
        return [{ kind: row.kind, title, dueDate: row.dueDate }];
      });
      if (items.length === 0) continue;
      await mails.clientNotices(tx, { caseId, client, items });
      sent += 1;
    }
    return sent;
  });
}
