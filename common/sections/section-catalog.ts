// The ten section pages of the site and what each is built from: plain values, with no schema, so
// the route table and the pages load no validation code (docs/decisions/035-section-pages.md).

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

/** What a page is: the immigration hub lists the procedure pages; the two others lead to their own form. */
export type SectionKind = 'hub' | 'procedure' | 'translations' | 'expatriation';

/** A time the law sets, explained on the pages it applies to (the counting rules of docs/decisions/012). */
export const legalTerms = ['resolution', 'resolution_reunification', 'requerimiento', 'requerimiento_nationality', 'tie', 'oath', 'appeal', 'renewal_window'] as const;
export type LegalTerm = (typeof legalTerms)[number];

/** The steps of a case a page shows, named as the case work names them (common/cases/cases.contract.ts). */
export const sectionStages = [
  'initial_study',
  'awaiting_documents',
  'reviewing_documents',
  'filed',
  'in_process',
  'requerimiento_received',
  'resolved_favourably',
  'fingerprint_appointment',
  'tie_collected',
  'oath',
] as const;
export type SectionStage = (typeof sectionStages)[number];

type SectionDefinition = {
  id: SectionId;
  /** The address without a language prefix, the same the earlier site linked to. */
  path: string;
  kind: SectionKind;
  /** The catalogue service whose price and contents the page shows; null: priced by quote. */
  serviceId: string | null;
  /** Procedures whose checklists the page shows besides every procedure of its service. */
  procedureIds: readonly string[];
  stages: readonly SectionStage[];
  terms: readonly LegalTerm[];
};

const residenceStages: readonly SectionStage[] = [
  'initial_study',
  'awaiting_documents',
  'reviewing_documents',
  'filed',
  'in_process',
  'requerimiento_received',
  'resolved_favourably',
  'fingerprint_appointment',
  'tie_collected',
];

export const sectionCatalog: readonly SectionDefinition[] = [
  { id: 'immigration', path: '/extranjeria', kind: 'hub', serviceId: null, procedureIds: [], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'appeal', 'renewal_window'] },
  { id: 'arraigo', path: '/extranjeria/arraigo', kind: 'procedure', serviceId: 'arraigo', procedureIds: [], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'appeal'] },
  { id: 'students', path: '/extranjeria/estudiantes', kind: 'procedure', serviceId: 'student-stay', procedureIds: [], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'renewal_window'] },
  {
    id: 'nationality',
    path: '/extranjeria/nacionalidad',
    kind: 'procedure',
    serviceId: 'nationality',
    procedureIds: [],
    stages: ['initial_study', 'awaiting_documents', 'reviewing_documents', 'filed', 'in_process', 'requerimiento_received', 'resolved_favourably', 'oath'],
    terms: ['requerimiento_nationality', 'oath', 'appeal'],
  },
  { id: 'digital-nomad', path: '/extranjeria/nomada-digital', kind: 'procedure', serviceId: null, procedureIds: ['digital-nomad'], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'renewal_window'] },
  {
    id: 'family-reunification',
    path: '/extranjeria/reagrupacion',
    kind: 'procedure',
    serviceId: 'family-reunification',
    procedureIds: [],
    stages: residenceStages,
    terms: ['resolution_reunification', 'requerimiento', 'tie', 'appeal'],
  },
  { id: 'non-lucrative', path: '/extranjeria/no-lucrativa', kind: 'procedure', serviceId: null, procedureIds: ['non-lucrative-residence'], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'renewal_window'] },
  {
    id: 'nie-tie',
    path: '/extranjeria/nie-tie',
    kind: 'procedure',
    serviceId: 'nie-crue',
    procedureIds: [],
    stages: ['initial_study', 'awaiting_documents', 'reviewing_documents', 'filed', 'fingerprint_appointment', 'tie_collected'],
    terms: ['tie'],
  },
  { id: 'translations', path: '/traducciones', kind: 'translations', serviceId: null, procedureIds: [], stages: [], terms: [] },
  { id: 'expatriation', path: '/expatriacion', kind: 'expatriation', serviceId: null, procedureIds: [], stages: [], terms: [] },
];

/** Every section page's address, for the route table, the server's rendered pages and the sitemap. */
export const sectionPaths = sectionCatalog.map((section) => section.path);

export function sectionByPath(path: string): SectionDefinition | undefined {
  const page = path.length > 1 ? path.replace(/\/$/, '').toLowerCase() : path;
  return sectionCatalog.find((section) => section.path === page);
}

export function sectionById(id: SectionId): SectionDefinition {
  const section = sectionCatalog.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return section;
}
