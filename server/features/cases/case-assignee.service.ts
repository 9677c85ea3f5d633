import { mayUse } from '#common/auth/permissions.ts';
import type { CaseAssigneeChoices, CaseAssigneeInput } from '#common/cases/case-assignee.contract.ts';
import type { Db } from '#server/db/client.ts';
import { staffAccounts } from '#server/features/auth/staff-accounts.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { CaseAssigneeMails } from './case-assignee.mails.ts';
import { setCaseAssignee } from './cases.repository.ts';

export type CaseAssigneeDeps = { db: Db; mails: CaseAssigneeMails };

const mayHandleCases = (member: Awaited<ReturnType<typeof staffAccounts.list>>[number]) =>
  member.deactivatedAt === null && mayUse(member.role, 'GET /api/admin/cases/:id');

/** Whom a case may be assigned to: the active staff who may read cases. */
export async function assigneeChoices({ db }: Pick<CaseAssigneeDeps, 'db'>): Promise<CaseAssigneeChoices> {
  return (await staffAccounts.list(db)).filter(mayHandleCases).map((member) => ({ id: member.id, name: `${member.firstName} ${member.lastName}`.trim() }));
}

/**
 * Assigns a case to a staff member who may read cases (active), or back to the unassigned queue:
 * audited with before and after, and mailed to the new assignee (not when they assign themselves),
 * in one transaction.
 */
export async function assignCase({ db, mails }: CaseAssigneeDeps, staff: Actor, caseId: number, input: CaseAssigneeInput): Promise<{ assigneeId: string | null }> {
  const assignee = input.assigneeId === null ? null : (await staffAccounts.list(db)).find((member) => member.id === input.assigneeId);
  if (assignee === undefined || (assignee && !mayHandleCases(assignee))) {
    throw new AppError('validation', 'cases:assignee.errors.notStaff');
  }
  await db.transaction(async (tx) => {
    const before = await setCaseAssignee(tx, caseId, assignee?.id ?? null);
    if (!before) throw new AppError('notFound');
    if (before.assigneeId === (assignee?.id ?? null)) return;
    await recordAudit({ db: tx }, { actor: staff, action: 'CASE_ASSIGN', targetTable: 'cases', targetId: String(caseId), details: { from: before.assigneeId, to: assignee?.id ?? null } });
    if (assignee && assignee.id !== staff.id) await mails.assigned(tx, assignee, { caseId, by: `${staff.firstName} ${staff.lastName}`.trim() });
  });
  return { assigneeId: assignee?.id ?? null };
}
