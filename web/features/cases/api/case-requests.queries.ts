import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseRequest } from '#common/cases/case-requests.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useLanguage } from '#web/lib/use-language.ts';
import { casesKeys } from './cases.queries.ts';

/** The documents the firm asks a case's client for, with the files that answered them. */
export function useCaseRequests(caseId: number) {
  const language = useLanguage();
  return useQuery({ queryKey: casesKeys.requests(caseId, language), queryFn: () => api<CaseRequest[]>(`/api/cases/${caseId}/requests`) });
}

/** One file answering a request; the case's documents reload too, as the file is one of them. */
export function useUploadToRequest(caseId: number, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: ({ requestId, file }: { requestId: string; file: File }) => {
      const body = new FormData();
      body.append('document', file, file.name);
      return api<CaseRequest>(`/api/cases/${caseId}/requests/${requestId}/documents`, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesKeys.all }),
  });
}
