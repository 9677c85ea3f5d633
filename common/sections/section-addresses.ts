// The ten section pages' ids and addresses: all the route table, the server's list of pages and the
// sitemap need, kept apart from what each page is built from (section-catalog.ts) so that every
// first visit loads no more than this.

export const sectionIds = [
  'immigration',
  'translations',
  'expatriation',
  'arraigo',
  'students',
  'nationality',
  'digital-nomad',
  'family-reunification',
  'non-lucrative',
  'nie-tie',
] as const;
export type SectionId = (typeof sectionIds)[number];

/** Each page's address without a language prefix: the one the earlier site linked to, in the site's order. */
export const sectionAddresses: Record<SectionId, string> = {
  immigration: '/extranjeria',
  arraigo: '/extranjeria/arraigo',
  students: '/extranjeria/estudiantes',
  nationality: '/extranjeria/nacionalidad',
  'digital-nomad': '/extranjeria/nomada-digital',
  'family-reunification': '/extranjeria/reagrupacion',
  'non-lucrative': '/extranjeria/no-lucrativa',
  'nie-tie': '/extranjeria/nie-tie',
  translations: '/traducciones',
  expatriation: '/expatriacion',
};
