import { useQuery } from '@tanstack/react-query';
import type { AssignableKind, Assignee, AssigneeChoices, AssigneeInput } from '#common/assignees/assignees.contract.ts';
import { adminKeys, useAdminMutation } from './admin-list.ts';
import { api } from './api.ts';
import type { FeedbackMeta } from './failures.ts';

/** The staff a kind of work may be assigned to; asked only by whoever may share it out. */
export function useAssigneeChoices(kind: AssignableKind, isEnabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.resource('assignees'), kind],
    queryFn: () => api<AssigneeChoices>(`/api/admin/assignees/${kind}`),
    enabled: isEnabled,
  });
}

/** Assigns a record of an admin resource (`path`: its PUT …/assignee route); the resource's tables reload after it. */
export function useAssign(resource: string, path: string, meta?: FeedbackMeta) {
  return useAdminMutation<AssigneeInput, Assignee>(resource, (input) => ({ path, method: 'PUT', body: input }), meta);
}
