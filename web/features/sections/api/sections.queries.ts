import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '#common/i18n/languages.ts';
import type { SectionId } from '#common/sections/section-addresses.ts';
import type { SectionPage } from '#common/sections/sections.contract.ts';
import { api } from '#web/lib/api.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/** The section pages' cache keys, per site language: a page rendered on the server fills the same key. */
const sectionsKeys = {
  all: ['sections'] as const,
  page: (language: Language, id: SectionId) => [...sectionsKeys.all, language, id] as const,
};

export const sectionPageQuery = (language: Language, id: SectionId) =>
  queryOptions({
    queryKey: sectionsKeys.page(language, id),
    queryFn: () => api<SectionPage>(`/api/sections/${id}?lang=${language}`),
  });

/** A section page in the site's language. */
export function useSectionPage(id: SectionId) {
  return useQuery(sectionPageQuery(useLanguage(), id));
}
