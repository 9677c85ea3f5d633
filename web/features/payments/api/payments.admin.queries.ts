import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#common/admin/paging.contract.ts';
import type { ClientRow } from '#common/admin/clients.contract.ts';
import type { OfflineOffer, OfflinePaymentInput, RecordedPayment, RefundInput } from '#common/payments/payments.admin.contract.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/** Fewer letters than this find too many accounts to choose from. */
export const clientSearchMinLength = 3;

const paymentsKey = adminKeys.resource('payments');

/**
 * A refund or a recorded payment changes more than the Pagos tab (a case's stage, a consultation,
 * a new client's account): every table of the back office reloads after it.
 */
function useAdminWrite<TInput>(request: (input: TInput) => { path: string; body: unknown }, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: TInput) => {
      const { path, body } = request(input);
      return api<RecordedPayment>(path, { method: 'POST', body: JSON.stringify(body) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** 'Reembolsar' on a paid payment. */
export function useRefundPayment(paymentId: string, meta?: FeedbackMeta) {
  return useAdminWrite<RefundInput>((refund) => ({ path: `/api/admin/payments/${paymentId}/refunds`, body: refund }), meta);
}

/** 'Registrar pago': a payment the firm took by hand. */
export function useRecordPayment(meta?: FeedbackMeta) {
  return useAdminWrite<OfflinePaymentInput>((payment) => ({ path: '/api/admin/payments', body: payment }), meta);
}

/** The services a payment may be recorded for, priced for the chosen client (none yet: without any credit). */
export function useOfflineOffers(userId: string | undefined) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...paymentsKey, 'offers', userId ?? '', language],
    queryFn: () => api<OfflineOffer[]>(`/api/admin/payments/offers${userId ? `?${new URLSearchParams({ userId })}` : ''}`),
  });
}

/** The accounts whose e-mail or name holds the text, as the Clientes tab finds them. */
export function useClientSearch(q: string) {
  return useQuery({
    queryKey: adminKeys.page('clients', 1, q),
    queryFn: () => api<Page<ClientRow>>(`/api/admin/clients?${new URLSearchParams({ page: '1', q })}`),
    enabled: q.length >= clientSearchMinLength,
  });
}
