import type { Page } from '#common/admin/paging.contract.ts';
import type { Assignee, AssignedListQuery, AssigneeInput } from '#common/assignees/assignees.contract.ts';
import type { ContactRequestRow } from '#common/contact/contact.contract.ts';
import { assignWork, type AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import {
  deleteContactSubmission,
  findContactSubmission,
  listContactSubmissions,
  listUnansweredContactSubmissions,
  markContactSubmissionAnswered,
  setContactSubmissionAssignee,
  type ContactSubmissionRow,
} from './contact.repository.ts';
import type { ContactDeps } from './contact.service.ts';

function toRow(row: ContactSubmissionRow): ContactRequestRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    assigneeId: row.assigneeId,
  };
}

export async function contactRequestsPage({ db }: Pick<ContactDeps, 'db'>, staff: Actor, query: AssignedListQuery): Promise<Page<ContactRequestRow>> {
  const { rows, total } = await listContactSubmissions(db, query, staff.id);
  return adminPage(query, rows.map(toRow), total);
}

/** Deletes the request and writes its audit row in one transaction. */
export async function removeContactRequest({ db }: Pick<ContactDeps, 'db'>, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteContactSubmission(tx, id);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'DELETE', targetTable: 'contact_form_submissions', targetId: id, details: { name: row.name, email: row.email } });
  });
}

/** The firm answered the request (by mail, by phone): its reply timer stops, with the audit row. Once only: marking it again changes nothing. */
export async function markContactRequestAnswered({ db }: Pick<ContactDeps, 'db'>, admin: Actor, id: string): Promise<ContactRequestRow> {
  return db.transaction(async (tx) => {
    const marked = await markContactSubmissionAnswered(tx, id, new Date());
    if (marked) {
      await recordAudit({ db: tx }, { actor: admin, action: 'MARK_ANSWERED', targetTable: 'contact_form_submissions', targetId: id, details: { name: marked.name, email: marked.email } });
    }
    const row = marked ?? (await findContactSubmission(tx, id));
    if (!row) throw new AppError('notFound');
    return toRow(row);
  });
}

/** The requests waiting for the firm's answer, for their reply timers, with who handles each. */
export async function unansweredContactRequests({ db }: Pick<ContactDeps, 'db'>): Promise<Array<{ id: string; name: string; receivedAt: Date; assigneeId: string | null }>> {
  return (await listUnansweredContactSubmissions(db)).map((row) => ({ id: row.id, name: row.name, receivedAt: row.createdAt, assigneeId: row.assigneeId }));
}

/** Who handles a request: assigned, reassigned or sent back to the unassigned queue (assignees.service.ts). */
export function assignContactRequest({ assignees }: { assignees: AssigneesDeps }, staff: Actor, id: string, input: AssigneeInput): Promise<Assignee> {
  return assignWork(assignees, staff, { kind: 'contact-requests', id, set: (tx, assigneeId) => setContactSubmissionAssignee(tx, id, assigneeId) }, input);
}
