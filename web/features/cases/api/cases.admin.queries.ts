import { useQuery } from '@tanstack/react-query';
import type { AdminCaseRow, CaseDetail, CaseDocument, CaseMessage, CaseMessageInput, CaseStatusInput } from '#common/cases/cases.contract.ts';
import { useAdminMutation } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import { adminCasesResource, casesKeys } from './cases.queries.ts';

/** One case as the firm manages it, loaded when its dialog opens. */
export function useAdminCase(row: AdminCaseRow, isEnabled: boolean) {
  return useQuery({
    queryKey: casesKeys.adminDetail(row.id),
    queryFn: () => api<CaseDetail>(`/api/admin/cases/${row.id}`),
    enabled: isEnabled,
  });
}

export function useSetCaseStatus(caseId: number) {
  return useAdminMutation<CaseStatusInput, CaseDetail>(adminCasesResource, (input) => ({ path: `/api/admin/cases/${caseId}/status`, method: 'PUT', body: input }));
}

export function useUploadAdminCaseDocument(caseId: number) {
  return useAdminMutation<File, CaseDocument>(adminCasesResource, (file) => {
    const body = new FormData();
    body.append('document', file, file.name);
    return { path: `/api/admin/cases/${caseId}/documents`, method: 'POST', body };
  });
}

export function useReplyToCase(caseId: number) {
  return useAdminMutation<CaseMessageInput, CaseMessage>(adminCasesResource, (input) => ({ path: `/api/admin/cases/${caseId}/messages`, method: 'POST', body: input }));
}

/** The firm's download of a client's document. */
export function adminCaseDocumentUrl(caseId: number, documentId: string): string {
  return `/api/admin/cases/${caseId}/documents/${documentId}`;
}
