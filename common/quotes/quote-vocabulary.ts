/**
 * A quote's life: sent by the firm → accepted (by paying it) or declined by the client, or expired
 * once its validity date has passed unanswered. A client's request for one is 'requested' until the
 * firm sends the price.
 */
export const quoteStatuses = ['requested', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** A quote for a case of the catalogue (a 'from' price), or for a translation. */
export const quoteKinds = ['case', 'translation'] as const;

/** How a translation is measured and how fast it is wanted. */
export const translationUnits = ['pages', 'words'] as const;
export const translationUrgencies = ['standard', 'urgent'] as const;

export type TranslationQuoteDetails = {
  unit: (typeof translationUnits)[number];
  quantity: number;
  sourceLanguage: string;
  targetLanguage: string;
  urgency: (typeof translationUrgencies)[number];
  isSworn: boolean;
};
