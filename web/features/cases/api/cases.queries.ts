import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseDetail, CaseDocument, CaseMessage, CaseMessageInput } from '#common/cases/cases.contract.ts';
import { api } from '#web/lib/api.ts';
import { useLanguage } from '#web/lib/use-language.ts';

export const casesQueryKey = ['cases'] as const;

/** The signed-in client's cases, with their history, documents and thread. */
export function useCases() {
  const language = useLanguage();
  return useQuery({ queryKey: [...casesQueryKey, language], queryFn: () => api<CaseDetail[]>('/api/cases') });
}

export function useUploadCaseDocument(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('document', file, file.name);
      return api<CaseDocument>(`/api/cases/${caseId}/documents`, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}

export function useSendCaseMessage(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CaseMessageInput) => api<CaseMessage>(`/api/cases/${caseId}/messages`, { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}

/** Where a document is downloaded: a route that checks who asks. */
export function caseDocumentUrl(caseId: number, documentId: string): string {
  return `/api/cases/${caseId}/documents/${documentId}`;
}
