// What each of the ten section pages is built from (docs/decisions/035-section-pages-from-the-case-data.md):
// plain values the server reads; the web needs only their addresses (section-addresses.ts).
import { sectionAddresses, sectionIds, type SectionId } from './section-addresses.ts';

/** What a page is: the immigration hub lists the procedure pages; the two others lead to their own form. */
export const sectionKinds = ['hub', 'procedure', 'translations', 'expatriation'] as const;
type SectionKind = (typeof sectionKinds)[number];

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
  kind: SectionKind;
  /** The catalogue service whose price and contents the page shows; null: priced by quote. */
  serviceId: string | null;
  /** Procedures whose checklists the page shows besides every procedure of its service. */
  procedureIds: readonly string[];
  stages: readonly SectionStage[];
  terms: readonly LegalTerm[];
};

/** A residence card's case: every step but the nationality's oath. */
const residenceStages: readonly SectionStage[] = sectionStages.filter((stage) => stage !== 'oath');

const definitions: readonly SectionDefinition[] = [
  { id: 'immigration', kind: 'hub', serviceId: null, procedureIds: [], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'appeal', 'renewal_window'] },
  { id: 'arraigo', kind: 'procedure', serviceId: 'arraigo', procedureIds: [], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'appeal'] },
  { id: 'students', kind: 'procedure', serviceId: 'student-stay', procedureIds: [], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'renewal_window'] },
  {
    id: 'nationality',
    kind: 'procedure',
    serviceId: 'nationality',
    procedureIds: [],
    stages: ['initial_study', 'awaiting_documents', 'reviewing_documents', 'filed', 'in_process', 'requerimiento_received', 'resolved_favourably', 'oath'],
    terms: ['requerimiento_nationality', 'oath', 'appeal'],
  },
  { id: 'digital-nomad', kind: 'procedure', serviceId: null, procedureIds: ['digital-nomad'], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'renewal_window'] },
  {
    id: 'family-reunification',
    kind: 'procedure',
    serviceId: 'family-reunification',
    procedureIds: [],
    stages: residenceStages,
    terms: ['resolution_reunification', 'requerimiento', 'tie', 'appeal'],
  },
  { id: 'non-lucrative', kind: 'procedure', serviceId: null, procedureIds: ['non-lucrative-residence'], stages: residenceStages, terms: ['resolution', 'requerimiento', 'tie', 'renewal_window'] },
  {
    id: 'nie-tie',
    kind: 'procedure',
    serviceId: 'nie-crue',
    procedureIds: [],
    stages: ['initial_study', 'awaiting_documents', 'reviewing_documents', 'filed', 'fingerprint_appointment', 'tie_collected'],
    terms: ['tie'],
  },
  { id: 'translations', kind: 'translations', serviceId: null, procedureIds: [], stages: [], terms: [] },
  { id: 'expatriation', kind: 'expatriation', serviceId: null, procedureIds: [], stages: [], terms: [] },
];

/** Each page with its address, in the site's order. */
export const sectionCatalog = sectionIds.map((id) => {
  const definition = definitions.find((candidate) => candidate.id === id);
  if (!definition) throw new Error(`no definition of the section ${id}`);
  return { ...definition, path: sectionAddresses[id] };
});

export function sectionById(id: SectionId): (typeof sectionCatalog)[number] {
  const section = sectionCatalog.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return section;
}
