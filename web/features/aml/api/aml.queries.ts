import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseIdentification, IdentificationInput, IdentificationReview } from '#common/aml/aml.contract.ts';
import { adminKeys, useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

/** The back office's resource of identifications (each case's, on its page). */
const adminResource = 'identifications';

const amlKeys = {
  mine: ['identifications'] as const,
  adminCase: (caseId: number) => [...adminKeys.resource(adminResource), caseId] as const,
};

/** The signed-in client's cases that ask for identification (Ley 10/2010), with what they sent. */
export function useMyIdentifications(meta?: FeedbackMeta) {
  return useQuery({ queryKey: amlKeys.mine, queryFn: () => api<CaseIdentification[]>('/api/identifications'), meta });
}

/** Sends the form and the document's files as one multipart form: the text fields first, as the server reads them. */
export function useSubmitIdentification(caseId: number, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: ({ input, files }: { input: IdentificationInput; files: File[] }) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(input)) body.append(name, value);
      for (const file of files) body.append('document', file, file.name);
      return api<CaseIdentification>(`/api/cases/${caseId}/identification`, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: amlKeys.mine }),
  });
}

/** One case's identification for the firm's case page ('notRequired' for a case that asks none). */
export function useCaseIdentification(caseId: number, meta?: FeedbackMeta) {
  return useQuery({ queryKey: amlKeys.adminCase(caseId), queryFn: () => api<CaseIdentification>(`/api/admin/cases/${caseId}/identification`), meta });
}

/** The firm's review of a submission: accept, or ask again with a note. */
export function useReviewIdentification(caseId: number, feedback?: AdminWriteFeedback) {
  return useAdminMutation<{ identificationId: string; review: IdentificationReview }, CaseIdentification>(
    adminResource,
    ({ identificationId, review }) => ({ path: `/api/admin/cases/${caseId}/identification/${identificationId}/review`, method: 'POST', body: review }),
    feedback,
  );
}

/** Where a submission's file is downloaded: the client's route or the back office's, each checking who asks. */
export function identificationFileUrl(area: 'client' | 'admin', caseId: number, identificationId: string, fileId: string): string {
  return `/api${area === 'admin' ? '/admin' : ''}/cases/${caseId}/identification/${identificationId}/files/${fileId}`;
}
