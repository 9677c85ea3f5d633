import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '#common/i18n/languages.ts';
import type { LegalDocument } from '../legal-documents.ts';

/** One chunk per language and document, fetched only when a visitor opens it. */
const legalTexts = import.meta.glob<string>('../../../content/*/*.md', { query: '?raw', import: 'default' });

const legalKeys = {
  text: (language: Language, file: LegalDocument['file']) => ['legal', language, file] as const,
};

function loadLegalText(language: string, file: LegalDocument['file']): Promise<string> {
  const load = legalTexts[`../../../content/${language}/${file}.md`];
  if (!load) return Promise.reject(new Error(`missing legal text ${language}/${file}`));
  return load();
}

/** A legal text's Markdown in one language; it never changes while the site runs. */
export const legalTextQuery = (language: Language, file: LegalDocument['file']) =>
  queryOptions({ queryKey: legalKeys.text(language, file), queryFn: () => loadLegalText(language, file), staleTime: Infinity });

/** A legal text's Markdown in the visitor's language. */
export function useLegalText(language: Language, file: LegalDocument['file']) {
  return useQuery(legalTextQuery(language, file));
}
