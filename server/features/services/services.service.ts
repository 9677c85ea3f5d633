import type { Language } from '#common/i18n/languages.ts';
import { type ServiceOffer } from '#common/services/services.contract.ts';
import { translationServiceId } from '#common/services/offers.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { findOffer, listAmlServiceIds, listCaseServices, listOffers, serviceTitlesToJoin } from './services.repository.ts';

/** For other features' repositories: the services' titles in a language, to join (services.repository.ts says how). */
export { serviceTitlesToJoin };

export type ServicesDeps = { db: Db };

/** The catalogue in the visitor's language, in the order the services page shows it. */
export function serviceCatalogue({ db }: ServicesDeps, language: Language): Promise<ServiceOffer[]> {
  return listOffers(db, language);
}

/** An offer and whether the firm offers it now: a withdrawn one is kept for the payments that name it. */
export type CatalogueEntry = ServiceOffer & { isOffered: boolean };

/** One offer as the catalogue holds it now: what checkout charges, whatever a browser said. */
export async function serviceOffer({ db }: ServicesDeps, id: string, language: Language): Promise<CatalogueEntry> {
  const offer = await findOffer(db, id, language);
  if (!offer) throw new AppError('notFound');
  return offer;
}

/**
 * The services whose payments open cases, withdrawn ones too (their cases live on): those with a price,
 * a 'from' price, and the translation job a paid quote opens; the 'other procedures' entry opens none.
 */
export async function caseServices({ db }: ServicesDeps, language: Language): Promise<Array<{ id: string; title: string }>> {
  const rows = await listCaseServices(db, language);
  return rows.filter((row) => row.priceCents !== null || row.id === translationServiceId).map(({ id, title }) => ({ id, title }));
}

/** The services flagged as property work, whose cases ask the client's identification before the work starts (ADR 049). */
export function amlServiceIds({ db }: ServicesDeps): Promise<string[]> {
  return listAmlServiceIds(db);
}
