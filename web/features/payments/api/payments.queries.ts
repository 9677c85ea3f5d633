import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Payment, PriceQuote, TestCheckout } from '#common/payments/payments.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useLanguage } from '#web/lib/use-language.ts';

export const paymentsKeys = {
  all: ['payments'] as const,
  mine: (language: string) => [...paymentsKeys.all, 'list', language] as const,
  quote: (serviceId: string, familyMembers: number, language: string) => [...paymentsKeys.all, 'quote', serviceId, familyMembers, language] as const,
  testCheckout: (sessionId: string, language: string) => [...paymentsKeys.all, 'test-checkout', sessionId, language] as const,
};

/** The signed-in client's payments. */
export function usePayments(meta?: FeedbackMeta) {
  const language = useLanguage();
  return useQuery({ queryKey: paymentsKeys.mine(language), queryFn: () => api<Payment[]>('/api/payments'), meta });
}

/**
 * What hiring a service costs this client now, with `familyMembers` members of the family package and
 * any consultation credit deducted; the last price stays shown while a new count is priced.
 */
export function usePriceQuote(serviceId: string, familyMembers: number, isEnabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: paymentsKeys.quote(serviceId, familyMembers, language),
    queryFn: () => api<PriceQuote>(`/api/payments/quote/${encodeURIComponent(serviceId)}?familyMembers=${familyMembers}`),
    enabled: isEnabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The built-in test provider's checkout. */
export function useTestCheckout(sessionId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: paymentsKeys.testCheckout(sessionId, language),
    queryFn: () => api<TestCheckout>(`/api/payments/test-checkout/${encodeURIComponent(sessionId)}`),
    enabled: sessionId !== '',
    staleTime: 0,
  });
}

/** 'Pagar' or 'Cancelar' on the test provider's page. */
export function useFinishTestCheckout(sessionId: string, meta?: FeedbackMeta) {
  return useMutation({
    meta,
    mutationFn: (action: 'pay' | 'cancel') =>
      api<void>(`/api/payments/test-checkout/${encodeURIComponent(sessionId)}/${action}`, { method: 'POST', body: JSON.stringify({}) }),
  });
}
