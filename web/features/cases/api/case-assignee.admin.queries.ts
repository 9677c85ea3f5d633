import { useQuery } from '@tanstack/react-query';
import type { CaseAssigneeChoices, CaseAssigneeInput } from '#common/cases/case-assignee.contract.ts';
import { adminKeys, useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';
import { adminCasesResource } from './cases.queries.ts';

/** The staff a case may be assigned to. */
export function useCaseAssigneeChoices() {
  return useQuery({ queryKey: [...adminKeys.resource(adminCasesResource), 'assignees'], queryFn: () => api<CaseAssigneeChoices>('/api/admin/case-assignees') });
}

export function useAssignCase(caseId: number, meta?: FeedbackMeta) {
  return useAdminMutation<CaseAssigneeInput, { assigneeId: string | null }>(adminCasesResource, (input) => ({ path: `/api/admin/cases/${caseId}/assignee`, method: 'PUT', body: input }), meta);
}
