import { useQuery } from '@tanstack/react-query';
import type {
  AdminCaseDetail,
  AdminUnreadCases,
  CaseDocument,
  CaseFilingInput,
  CaseMessage,
  CaseMessageInput,
  CaseStageInput,
} from '#common/cases/cases.contract.ts';
import type { SwornTranslationDocument } from '#common/cases/sworn-translation.contract.ts';
import { adminKeys, useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';
import { adminCasesResource, casesKeys } from './cases.queries.ts';

/** One case as the firm works it, on its page. */
export function useAdminCase(caseId: number) {
  return useQuery({ queryKey: casesKeys.adminDetail(caseId), queryFn: () => api<AdminCaseDetail>(`/api/admin/cases/${caseId}`) });
}

/** How many cases hold a client's message or upload this admin has not seen; refreshed with the cases. */
export function useAdminUnreadCases() {
  return useQuery({ queryKey: casesKeys.adminUnread(), queryFn: () => api<AdminUnreadCases>('/api/admin/cases/unread') });
}

/** The admin opened the case page: what it held is no longer new for them. */
export function useMarkAdminCaseSeen(caseId: number, meta?: FeedbackMeta) {
  return useAdminMutation<void>(adminCasesResource, () => ({ path: `/api/admin/cases/${caseId}/seen`, method: 'PUT' }), meta);
}

export function useMoveCaseStage(caseId: number, meta?: FeedbackMeta) {
  return useAdminMutation<CaseStageInput, AdminCaseDetail>(adminCasesResource, (input) => ({ path: `/api/admin/cases/${caseId}/stage`, method: 'PUT', body: input }), meta);
}

export function useSaveCaseFiling(caseId: number, meta?: FeedbackMeta) {
  return useAdminMutation<CaseFilingInput, AdminCaseDetail>(adminCasesResource, (input) => ({ path: `/api/admin/cases/${caseId}/filing`, method: 'PUT', body: input }), meta);
}

export function useUploadAdminCaseDocument(caseId: number, meta?: FeedbackMeta) {
  return useAdminMutation<File, CaseDocument>(adminCasesResource, (file) => {
    const body = new FormData();
    body.append('document', file, file.name);
    return { path: `/api/admin/cases/${caseId}/documents`, method: 'POST', body };
  }, meta);
}

export function useReplyToCase(caseId: number, meta?: FeedbackMeta) {
  return useAdminMutation<CaseMessageInput, CaseMessage>(adminCasesResource, (input) => ({ path: `/api/admin/cases/${caseId}/messages`, method: 'POST', body: input }), meta);
}

/** The firm's download of a client's document. */
export function adminCaseDocumentUrl(caseId: number, documentId: string): string {
  return `/api/admin/cases/${caseId}/documents/${documentId}`;
}

/** The translator's list: the documents uploaded to requests flagged for a sworn translation. */
export function useSwornTranslationDocuments(meta?: FeedbackMeta) {
  return useQuery({ queryKey: adminKeys.resource('sworn-translation-documents'), meta, queryFn: () => api<SwornTranslationDocument[]>('/api/admin/sworn-translation-documents') });
}
