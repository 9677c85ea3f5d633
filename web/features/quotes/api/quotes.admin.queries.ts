import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminQuoteRow, SendQuote, SendTranslationQuote } from '#common/quotes/quotes.contract.ts';
import { adminKeys, useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';

/** The Presupuestos tab's resource under /api/admin/. */
export const quotesAdminResource = 'quotes';

/** The firm's price for a client's request. */
export function useSendQuote(id: string, meta?: FeedbackMeta) {
  return useAdminMutation<SendQuote, AdminQuoteRow>(quotesAdminResource, (offer) => ({ path: `/api/admin/quotes/${id}/send`, method: 'POST', body: offer }), meta);
}

/** The quote that answers a translation request: the Presupuestos and Traducciones tabs both reload (the request is answered). */
export function useSendTranslationQuote(requestId: string, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (offer: SendTranslationQuote) =>
      api<AdminQuoteRow>(`/api/admin/translation-requests/${requestId}/quotes`, { method: 'POST', body: JSON.stringify(offer) }),
    onSuccess: () =>
      Promise.all(['translation-requests', quotesAdminResource].map((resource) => queryClient.invalidateQueries({ queryKey: adminKeys.resource(resource) }))),
  });
}
