import { and, asc, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { closedCaseStages } from '#common/cases/cases.contract.ts';
import type { Db } from '#server/db/client.ts';
import { caseClientNotices, caseDocumentRequests, caseDocuments, cases } from '#server/db/schema/cases.ts';

export type NewCaseNotice = typeof caseClientNotices.$inferInsert;

export async function insertNotices(db: Db, notices: NewCaseNotice[]): Promise<void> {
  if (notices.length > 0) await db.insert(caseClientNotices).values(notices);
}

/**
 * Claims the waiting notices of every case the firm has left alone since `quietSince` (or whose
 * oldest notice waits since `waitingSince`, however busy the firm), marking them mailed: rows another
 * instance holds are skipped, so each notice is claimed once. Answers them with what each names.
 */
export async function claimNotices(db: Db, at: Date, quietSince: Date, waitingSince: Date) {
  const ready = db
    .select({ caseId: caseClientNotices.caseId })
    .from(caseClientNotices)
    .where(isNull(caseClientNotices.mailedAt))
    .groupBy(caseClientNotices.caseId)
    .having(or(lte(sql`max(${caseClientNotices.createdAt})`, quietSince), lte(sql`min(${caseClientNotices.createdAt})`, waitingSince)));
  const claimed = await db
    .select({ id: caseClientNotices.id })
    .from(caseClientNotices)
    .where(and(isNull(caseClientNotices.mailedAt), inArray(caseClientNotices.caseId, ready)))
    .for('update', { skipLocked: true });
  if (claimed.length === 0) return [];
  const ids = claimed.map((row) => row.id);
  await db.update(caseClientNotices).set({ mailedAt: at }).where(inArray(caseClientNotices.id, ids));
  return db
    .select({
      caseId: caseClientNotices.caseId,
      kind: caseClientNotices.kind,
      requestId: caseClientNotices.requestId,
      remindedDueDate: caseClientNotices.dueDate,
      title: caseDocumentRequests.title,
      dueDate: caseDocumentRequests.dueDate,
      status: caseDocumentRequests.status,
      rejectionReason: caseDocumentRequests.rejectionReason,
      documentName: caseDocuments.documentName,
    })
    .from(caseClientNotices)
    .leftJoin(caseDocumentRequests, eq(caseDocumentRequests.id, caseClientNotices.requestId))
    .leftJoin(caseDocuments, eq(caseDocuments.id, caseClientNotices.documentId))
    .where(inArray(caseClientNotices.id, ids))
    .orderBy(asc(caseClientNotices.caseId), asc(caseClientNotices.createdAt));
}

/**
 * Keeps a reminder for each request still waiting for the client (asked, or rejected) on an open
 * case whose due date is `soonUntil` or earlier: 'dueSoon' from `today` on, 'overdue' before it.
 * Each request is reminded once per kind and due date (the unique index), however often this runs.
 */
export async function insertReminders(db: Db, { today, soonUntil, at }: { today: string; soonUntil: string; at: Date }): Promise<void> {
  const request = caseDocumentRequests;
  const notice = caseClientNotices;
  await db.execute(sql`
    insert into ${notice} (${sql.identifier(notice.caseId.name)}, ${sql.identifier(notice.kind.name)}, ${sql.identifier(notice.requestId.name)}, ${sql.identifier(notice.dueDate.name)}, ${sql.identifier(notice.createdAt.name)})
    select ${request.caseId}, case when ${request.dueDate} < ${today} then 'overdue' else 'dueSoon' end, ${request.id}, ${request.dueDate}, ${at}
    from ${request} inner join ${cases} on ${cases.id} = ${request.caseId}
    where ${and(inArray(request.status, ['requested', 'rejected']), isNotNull(request.dueDate), lte(request.dueDate, soonUntil), notInArray(cases.stage, [...closedCaseStages]))}
    on conflict (${sql.identifier(notice.requestId.name)}, ${sql.identifier(notice.kind.name)}, ${sql.identifier(notice.dueDate.name)}) where ${sql.identifier(notice.dueDate.name)} is not null do nothing
  `);
}
