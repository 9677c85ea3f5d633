import { createContext, useContext } from 'react';
import type { EngagementAcceptance, EngagementLetterRequest } from '#common/engagements/engagements.contract.ts';

/**
 * Asks the client to read and accept the engagement letter of the checkout about to be made; answers
 * the acceptance to send with it, or null when the client closed the letter without accepting.
 */
export type AskCheckoutTerms = (request: EngagementLetterRequest) => Promise<EngagementAcceptance | null>;

/**
 * Every hire asks through this one context (the hire button, a quote's payment), which the app fills
 * with the engagements feature's dialog: the features that start a checkout do not import that one.
 */
export const CheckoutTermsContext = createContext<AskCheckoutTerms | null>(null);

export function useCheckoutTerms(): AskCheckoutTerms {
  const ask = useContext(CheckoutTermsContext);
  if (!ask) throw new Error('useCheckoutTerms outside CheckoutTermsContext');
  return ask;
}
