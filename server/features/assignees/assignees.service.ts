import type { AssignableKind, Assignee, AssigneeChoices, AssigneeInput } from '#common/assignees/assignees.contract.ts';
import { mayAssign, mayHandle } from '#common/assignees/assignable-work.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { staffAccounts } from '#server/features/auth/staff-accounts.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { AssigneeMails } from './assignees.mails.ts';

export type AssigneesDeps = { db: Db; mails: AssigneeMails };

/** The table each kind of work lives in, for the audit log. */
const tables: Record<AssignableKind, string> = {
  consultations: 'consultations',
  'case-quotes': 'quotes',
  'translation-quotes': 'quotes',
  'translation-requests': 'translation_requests',
  'contact-requests': 'contact_form_submissions',
  chat: 'chat_conversations',
};

type StaffMember = Awaited<ReturnType<typeof staffAccounts.list>>[number];

const isEligible = (member: StaffMember, kind: AssignableKind) => member.deactivatedAt === null && mayHandle(member.role, kind);
const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** Whom a kind of work may be assigned to: the active staff whose role does it, asked by someone who shares it out. */
export async function assigneeChoices({ db }: Pick<AssigneesDeps, 'db'>, staff: Actor, kind: AssignableKind): Promise<AssigneeChoices> {
  if (!mayAssign(staff.role, kind)) throw new AppError('forbidden');
  return (await staffAccounts.list(db)).filter((member) => isEligible(member, kind)).map((member) => ({ id: member.id, name: fullName(member) }));
}

/** A record to assign, as its owning feature hands it over. */
export type AssignableRecord = {
  kind: AssignableKind;
  id: string;
  /**
   * Sets the record's assignee in the transaction (its row locked) and answers the one before and
   * whose the record is (for the audit log and the mail); undefined when there is no such record.
   */
  set: (tx: Tx, assigneeId: string | null) => Promise<{ assigneeId: string | null; name: string } | undefined>;
};

/**
 * Assigns a record to an active staff member whose role does its work, or back to the unassigned
 * queue: audited with before and after, and mailed to the new assignee (not when they assign
 * themselves), in one transaction. The same assignment again changes nothing.
 */
export async function assignWork({ db, mails }: AssigneesDeps, staff: Actor, record: AssignableRecord, input: AssigneeInput): Promise<Assignee> {
  if (!mayAssign(staff.role, record.kind)) throw new AppError('forbidden');
  const assignee = input.assigneeId === null ? null : (await staffAccounts.list(db)).find((member) => member.id === input.assigneeId);
  if (assignee === undefined || (assignee && !isEligible(assignee, record.kind))) {
    throw new AppError('validation', 'assignees:errors.notStaff');
  }
  const to = assignee?.id ?? null;
  await db.transaction(async (tx) => {
    const before = await record.set(tx, to);
    if (!before) throw new AppError('notFound');
    if (before.assigneeId === to) return;
    await recordAudit({ db: tx }, { actor: staff, action: 'ASSIGN', targetTable: tables[record.kind], targetId: record.id, details: { from: before.assigneeId, to, name: before.name } });
    if (assignee && assignee.id !== staff.id) await mails.assigned(tx, assignee, { kind: record.kind, name: before.name, by: fullName(staff) });
  });
  return { assigneeId: to };
}
