import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { services, serviceTranslations } from '#server/db/schema/index.ts';

const offerColumns = {
  id: services.id,
  kind: services.kind,
  priceCents: services.priceCents,
  currency: services.currency,
  isFromPrice: services.isFromPrice,
  title: serviceTranslations.title,
  description: serviceTranslations.description,
  priceDetails: serviceTranslations.priceDetails,
  features: serviceTranslations.features,
};

const inLanguage = (language: Language) =>
  and(eq(serviceTranslations.serviceId, services.id), eq(serviceTranslations.language, language));

/** The services offered now, as the public pages list them. */
export function listOffers(db: Db, language: Language) {
  return db
    .select(offerColumns)
    .from(services)
    .innerJoin(serviceTranslations, inLanguage(language))
    .where(eq(services.isOffered, true))
    .orderBy(asc(services.sortOrder), asc(services.id));
}

export async function findOffer(db: Db, id: string, language: Language) {
  const [row] = await db.select(offerColumns).from(services).innerJoin(serviceTranslations, inLanguage(language)).where(eq(services.id, id));
  return row;
}
