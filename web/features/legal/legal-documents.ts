export type LegalDocument = {
  /** Route path, in Spanish like every public route. */
  path: string;
  /** Markdown file name under web/content/<language>/. */
  file: 'legal-notice' | 'privacy-policy' | 'cookies-policy' | 'terms-of-use';
  /** Catalog key of the page title (common namespace). */
  titleKey: string;
};

export const legalDocuments: LegalDocument[] = [
  { path: 'aviso-legal', file: 'legal-notice', titleKey: 'legal.legalNotice' },
  { path: 'politica-de-privacidad', file: 'privacy-policy', titleKey: 'legal.privacyPolicy' },
  { path: 'politica-de-cookies', file: 'cookies-policy', titleKey: 'legal.cookiesPolicy' },
  { path: 'condiciones-de-uso', file: 'terms-of-use', titleKey: 'legal.termsOfUse' },
];
