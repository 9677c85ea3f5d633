import { useMutation, useQuery } from '@tanstack/react-query';
import type { ClientConsultation, ExpatriationConsultation } from '#common/consultations/consultations.contract.ts';
import type { IntakeReceipt } from '#common/intake/fields.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useLanguage } from '#web/lib/use-language.ts';

export const consultationsKeys = {
  all: ['consultations'] as const,
  mine: (language: string) => [...consultationsKeys.all, language] as const,
};

export function useSendExpatriationConsultation(meta: FeedbackMeta) {
  return useMutation({
    meta,
    mutationFn: (input: ExpatriationConsultation) =>
      api<IntakeReceipt>('/api/consultations/expatriation', { method: 'POST', body: JSON.stringify(input) }),
  });
}

/** The signed-in client's consultations. */
export function useMyConsultations(meta?: FeedbackMeta) {
  const language = useLanguage();
  return useQuery({ queryKey: consultationsKeys.mine(language), queryFn: () => api<ClientConsultation[]>('/api/consultations'), meta });
}
