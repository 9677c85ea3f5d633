import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import type { Firm } from '#common/firm.ts';
import { languages, type Language } from '#common/i18n/languages.ts';
import type { SectionId } from '#common/sections/section-addresses.ts';
import { sectionById, sectionCatalog } from '#common/sections/section-catalog.ts';
import type { AdminSection, PublicProcedure, SectionInput, SectionLink, SectionPage, SectionTexts } from '#common/sections/sections.contract.ts';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { publicContentChanged } from '#server/features/pages/public-content.service.ts';
import { sectionProcedures } from '#server/features/procedures/procedures.service.ts';
import { sectionStructuredData } from '#server/features/seo/seo.structured-data.service.ts';
import { serviceCatalogue } from '#server/features/services/services.service.ts';
import { translator } from '#server/platform/translator.ts';
import type { Actor } from '#server/platform/actor.ts';
import { findSection, listSections, updateSectionTexts, type SectionRow } from './sections.repository.ts';

export type SectionsDeps = { db: Db };
/** What a public page needs besides the database: who the firm is and where the site lives, for its structured data. */
export type SectionPageDeps = SectionsDeps & { firm: Firm; appUrl: string };

/** The firm's words in the language asked for when written in it, otherwise in Spanish. */
function textsIn(row: SectionRow, language: Language): { language: Language; texts: SectionTexts } {
  const texts = row.texts[language];
  return texts ? { language, texts } : { language: 'es', texts: row.texts.es };
}

function writtenLanguages(row: SectionRow): Language[] {
  return languages.filter((language) => row.texts[language]);
}

async function sectionRow(db: Db, id: SectionId): Promise<SectionRow> {
  const row = await findSection(db, id);
  if (!row) throw new AppError('notFound');
  return row;
}

/** A priced offer of the catalogue; a service withdrawn or given by quote has no price to show. */
function pricedOffer(catalogue: ServiceOffer[], serviceId: string | null): ServiceOffer | null {
  const offer = serviceId === null ? undefined : catalogue.find((candidate) => candidate.id === serviceId);
  return offer && offer.priceCents !== null ? offer : null;
}

/** The immigration hub lists every procedure page, each with its heading, summary and price. */
async function procedurePageLinks(db: Db, language: Language, catalogue: ServiceOffer[]): Promise<SectionLink[]> {
  const rows = new Map((await listSections(db)).map((row) => [row.id, row]));
  return sectionCatalog.flatMap((section) => {
    const row = rows.get(section.id);
    if (section.kind !== 'procedure' || !row) return [];
    const { texts } = textsIn(row, language);
    return [{ id: section.id, path: section.path, title: texts.title, summary: texts.summary, offer: pricedOffer(catalogue, section.serviceId) }];
  });
}

/** A section page as the site shows it in `language` (GET /api/sections/:id and the server-rendered page). */
export async function sectionPage(deps: SectionPageDeps, id: SectionId, language: Language): Promise<SectionPage> {
  const section = sectionById(id);
  const row = await sectionRow(deps.db, id);
  const { language: shown, texts } = textsIn(row, language);
  const catalogue = await serviceCatalogue(deps, language);
  const procedures: PublicProcedure[] = (await sectionProcedures(deps, { serviceId: section.serviceId, ids: section.procedureIds })).map((procedure) => ({
    id: procedure.id,
    title: procedure.title[language],
    items: procedure.items.map(({ title, explanation, isApostilleRequired, isSwornTranslationRequired, validityMonths, isPerFamilyMember }) => ({
      title: title[language],
      explanation: explanation[language],
      isApostilleRequired,
      isSwornTranslationRequired,
      validityMonths,
      isPerFamilyMember,
    })),
  }));
  const offer = pricedOffer(catalogue, section.serviceId);
  const home = { path: '/', title: translator(language)('sections:breadcrumb.home') };
  const breadcrumb =
    section.kind === 'procedure' ? [home, { path: sectionById('immigration').path, title: textsIn(await sectionRow(deps.db, 'immigration'), language).texts.title }] : [home];
  const page: Omit<SectionPage, 'structuredData'> = {
    id,
    path: section.path,
    kind: section.kind,
    language: shown,
    languages: writtenLanguages(row),
    texts,
    offer,
    consultations: catalogue.filter((candidate) => candidate.kind === 'consultation'),
    procedures,
    stages: [...section.stages],
    terms: [...section.terms],
    children: section.kind === 'hub' ? await procedurePageLinks(deps.db, language, catalogue) : [],
    breadcrumb,
    updatedAt: row.updatedAt.toISOString(),
  };
  return { ...page, structuredData: sectionStructuredData({ page, language, firm: deps.firm, origin: new URL(deps.appUrl).origin }) };
}

function toAdminSection(id: SectionId, row: SectionRow): AdminSection {
  return { id, path: sectionById(id).path, texts: row.texts, updatedAt: row.updatedAt.toISOString() };
}

/**
 * The back office's Páginas tab: every section page with its texts in every language, in the
 * site's order; the search looks in every language's heading. Ten pages: always one page of the table.
 */
export async function adminSections({ db }: SectionsDeps, query: AdminListQuery): Promise<Page<AdminSection>> {
  const rows = new Map((await listSections(db)).map((row) => [row.id, row]));
  const needle = query.q?.toLocaleLowerCase();
  const items = sectionCatalog.flatMap((section) => {
    const row = rows.get(section.id);
    if (!row) return [];
    const titles = languages.map((language) => row.texts[language]?.title.toLocaleLowerCase() ?? '');
    return needle && !titles.some((title) => title.includes(needle)) ? [] : [toAdminSection(section.id, row)];
  });
  return adminPage(query, query.page === 1 ? items : [], items.length);
}

/** Saves a page's texts; the public pages show them at once (the rendered pages' version rises with the commit). */
export function editSection({ db }: SectionsDeps, admin: Actor, id: SectionId, input: SectionInput): Promise<AdminSection> {
  return db.transaction(async (tx) => {
    const row = await updateSectionTexts(tx, id, input.texts);
    if (!row) throw new AppError('notFound');
    await publicContentChanged({ db: tx });
    await recordAudit({ db: tx }, { actor: admin, action: 'SECTION_UPDATE', targetTable: 'section_pages', targetId: id, details: { title: input.texts.es.title, languages: writtenLanguages(row) } });
    return toAdminSection(id, row);
  });
}
