import { useQuery } from '@tanstack/react-query';
import type { ApplyProcedure, CaseRequest, CaseRequestInput } from '#common/cases/case-requests.contract.ts';
import type { ProcedureChoice } from '#common/procedures/procedures.contract.ts';
import { useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import { useLanguage } from '#web/lib/use-language.ts';
import { adminCasesResource, casesKeys } from './cases.queries.ts';

/** A case's requests as the firm reviews them; every write below reloads them (they sit under the cases resource). */
export function useAdminCaseRequests(caseId: number) {
  const language = useLanguage();
  return useQuery({ queryKey: casesKeys.adminRequests(caseId, language), queryFn: () => api<CaseRequest[]>(`/api/admin/cases/${caseId}/requests`) });
}

/** The procedures an admin may apply to a case, named in the admin's language. */
export function useProcedureChoices() {
  const language = useLanguage();
  return useQuery({
    queryKey: casesKeys.procedureChoices(language),
    queryFn: () => api<ProcedureChoice[]>('/api/admin/procedure-choices'),
  });
}

const requestPath = (caseId: number, requestId: string) => `/api/admin/cases/${caseId}/requests/${requestId}`;

export function useAcceptRequest(caseId: number, meta?: AdminWriteFeedback) {
  return useAdminMutation<string, CaseRequest>(adminCasesResource, (requestId) => ({ path: `${requestPath(caseId, requestId)}/accept`, method: 'POST' }), meta);
}

export function useRejectRequest(caseId: number, meta?: AdminWriteFeedback) {
  return useAdminMutation<{ requestId: string; reason: string }, CaseRequest>(adminCasesResource, ({ requestId, reason }) => ({
    path: `${requestPath(caseId, requestId)}/reject`,
    method: 'POST',
    body: { reason },
  }), meta);
}

export function useSetRequestDueDate(caseId: number, meta?: AdminWriteFeedback) {
  return useAdminMutation<{ requestId: string; dueDate: string | null }, CaseRequest>(adminCasesResource, ({ requestId, dueDate }) => ({
    path: `${requestPath(caseId, requestId)}/due-date`,
    method: 'PUT',
    body: { dueDate },
  }), meta);
}

export function useRemoveRequest(caseId: number, meta?: AdminWriteFeedback) {
  return useAdminMutation<string>(adminCasesResource, (requestId) => ({ path: requestPath(caseId, requestId), method: 'DELETE' }), meta);
}

export function useAddRequest(caseId: number, meta?: AdminWriteFeedback) {
  return useAdminMutation<CaseRequestInput, CaseRequest>(adminCasesResource, (input) => ({ path: `/api/admin/cases/${caseId}/requests`, method: 'POST', body: input }), meta);
}

export function useApplyProcedure(caseId: number, meta?: AdminWriteFeedback) {
  return useAdminMutation<ApplyProcedure, CaseRequest[]>(adminCasesResource, (input) => ({ path: `/api/admin/cases/${caseId}/procedures`, method: 'POST', body: input }), meta);
}
