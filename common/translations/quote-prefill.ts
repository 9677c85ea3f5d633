/**
 * The query parameters the translation quote page reads to prefill its comment, so another part of
 * the site (a case's checklist) can ask for a quote for one document of a case without importing
 * the translations feature.
 */
export const quotePrefillParams = { caseId: 'expediente', document: 'documento' } as const;

export function translationQuoteHref(caseDisplayId: string, documentTitle: string): string {
  return `/traducciones/presupuesto?${new URLSearchParams({ [quotePrefillParams.caseId]: caseDisplayId, [quotePrefillParams.document]: documentTitle })}`;
}
