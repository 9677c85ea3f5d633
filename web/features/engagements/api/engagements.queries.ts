import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Engagement,
  EngagementLetter,
  EngagementLetterRequest,
  EngagementTemplate,
  EngagementTemplateInput,
} from '#common/engagements/engagements.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useLanguage } from '#web/lib/use-language.ts';

const engagementsKeys = {
  all: ['engagements'] as const,
  letter: (request: EngagementLetterRequest, language: string) => [...engagementsKeys.all, 'letter', JSON.stringify(request), language] as const,
  mine: () => [...engagementsKeys.all, 'mine'] as const,
  ofCase: (caseId: number) => [...engagementsKeys.all, 'case', caseId] as const,
  template: (serviceId: string) => [...engagementsKeys.all, 'template', serviceId] as const,
};

/** The letter of the checkout about to be made, filled with the client's data, the service and the price (read fresh each time). */
export function useEngagementLetter(request: EngagementLetterRequest, meta?: FeedbackMeta) {
  const language = useLanguage();
  return useQuery({
    queryKey: engagementsKeys.letter(request, language),
    queryFn: () => api<EngagementLetter>('/api/engagements/letter', { method: 'POST', body: JSON.stringify(request) }),
    staleTime: 0,
    gcTime: 0,
    meta,
  });
}

/** The signed-in client's accepted letters. */
export function useEngagements(meta?: FeedbackMeta) {
  return useQuery({ queryKey: engagementsKeys.mine(), queryFn: () => api<Engagement[]>('/api/engagements'), meta });
}

/** 'Desistir': the client withdraws from one contract. */
export function useWithdraw(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (id: string) => api<Engagement>(`/api/engagements/${encodeURIComponent(id)}/withdrawal`, { method: 'POST', body: JSON.stringify({}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: engagementsKeys.mine() }),
  });
}

/** A case's accepted letters, for the firm's case page. */
export function useCaseEngagements(caseId: number, meta?: FeedbackMeta) {
  return useQuery({ queryKey: engagementsKeys.ofCase(caseId), queryFn: () => api<Engagement[]>(`/api/admin/cases/${caseId}/engagements`), meta });
}

/** A service's letters as the back office edits them. */
export function useEngagementTemplate(serviceId: string, meta?: FeedbackMeta) {
  return useQuery({
    queryKey: engagementsKeys.template(serviceId),
    queryFn: () => api<EngagementTemplate>(`/api/admin/engagements/templates/${encodeURIComponent(serviceId)}`),
    staleTime: 0,
    meta,
  });
}

export function useSaveEngagementTemplate(serviceId: string, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: EngagementTemplateInput) =>
      api<EngagementTemplate>(`/api/admin/engagements/templates/${encodeURIComponent(serviceId)}`, { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: (saved) => queryClient.setQueryData(engagementsKeys.template(serviceId), saved),
  });
}

/** Where an accepted letter's PDF downloads from (the client's, or any for staff who read cases). */
export const engagementPdfUrl = (id: string) => `/api/engagements/${encodeURIComponent(id)}/pdf`;
