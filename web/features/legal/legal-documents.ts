import type { LegalFile } from '#common/pages.ts';

export type LegalDocument = {
  /** Markdown file name under web/content/<language>/; its address is in the page table (common/pages.ts). */
  file: LegalFile;
  /** Catalog key of the page title (common namespace). */
  titleKey: string;
};

export const legalDocuments: Record<LegalFile, LegalDocument> = {
  'legal-notice': { file: 'legal-notice', titleKey: 'legal.legalNotice' },
  'privacy-policy': { file: 'privacy-policy', titleKey: 'legal.privacyPolicy' },
  'cookies-policy': { file: 'cookies-policy', titleKey: 'legal.cookiesPolicy' },
  'terms-of-use': { file: 'terms-of-use', titleKey: 'legal.termsOfUse' },
};
