import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { CheckoutSession } from '#common/payments/payments.contract.ts';
import type { PublicQuote, Quote, QuoteRequest } from '#common/quotes/quotes.contract.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useLanguage } from '#web/lib/use-language.ts';
import { useCheckoutTerms } from '#web/lib/checkout-terms.tsx';

const quotesKeys = {
  all: ['quotes'] as const,
  mine: (language: string) => [...quotesKeys.all, 'mine', language] as const,
  link: (token: string, language: string) => [...quotesKeys.all, 'link', token, language] as const,
};

const post = (body: unknown = {}) => ({ method: 'POST', body: JSON.stringify(body) });

/** The signed-in client's quotes. */
export function useMyQuotes(meta?: FeedbackMeta) {
  const language = useLanguage();
  return useQuery({ queryKey: quotesKeys.mine(language), queryFn: () => api<Quote[]>('/api/quotes'), meta });
}

/** 'Pedir presupuesto' on the start page of a case with a 'from' price. */
export function useRequestQuote(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (request: QuoteRequest) => api<Quote>('/api/quotes', post(request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKeys.all }),
  });
}

/** 'Rechazar' in the panel. */
export function useDeclineQuote(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (id: string) => api<Quote>(`/api/quotes/${id}/decline`, post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKeys.all }),
  });
}

/**
 * 'Aceptar y pagar': the client reads and accepts the quote's engagement letter, then the checkout of
 * the quote (its price, never the catalogue's); the browser then goes to the provider's payment page.
 * Answers null when the letter was closed without accepting it (nothing started).
 */
export function usePayQuote(meta?: FeedbackMeta) {
  const askTerms = useCheckoutTerms();
  return useMutation({
    meta,
    mutationFn: async ({ quote, user }: { quote: Pick<Quote, 'id' | 'serviceId'>; user: SessionUser }) => {
      const engagement = await askTerms({ service: { id: quote.serviceId }, quoteId: quote.id });
      if (!engagement) return null;
      return api<CheckoutSession>('/api/payments/checkout', post({ service: { id: quote.serviceId }, user: { id: user.id, email: user.email }, quoteId: quote.id, engagement }));
    },
    onSuccess: (session) => {
      if (session) window.location.assign(session.url);
    },
  });
}

const tokenPath = (token: string) => `/api/quotes/by-token/${encodeURIComponent(token)}`;

/** The quote a mailed link opens, and how this browser may accept it. */
export function usePublicQuote(token: string) {
  const language = useLanguage();
  return useQuery({ queryKey: quotesKeys.link(token, language), queryFn: () => api<PublicQuote>(tokenPath(token)), retry: false, staleTime: 0 });
}

/**
 * Accepting from the link before paying: for someone without an account it is made and this browser
 * signed in to it (the caller reads the session again before the checkout).
 */
export function useAcceptPublicQuote(token: string, meta?: FeedbackMeta) {
  return useMutation({ meta, mutationFn: () => api<{ quoteId: string }>(`${tokenPath(token)}/accept`, post()) });
}

/** 'Rechazar' from the link. */
export function useDeclinePublicQuote(token: string, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: () => api<PublicQuote>(`${tokenPath(token)}/decline`, post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKeys.all }),
  });
}
