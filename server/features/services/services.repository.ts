import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { ServiceTexts } from '#common/services/services.admin.contract.ts';
import type { Db } from '#server/db/client.ts';
import { containing, pageWindow } from '#server/db/paging.ts';
import { services, serviceTranslations } from '#server/db/schema/services.ts';

/**
 * The services' titles in one language as a subquery named `name`, which another feature's
 * repository left-joins on `serviceId` to show, search or page by a service's title: still one
 * query (Postgres plans it as a join of the table), while only this repository names the table.
 */
export function serviceTitlesToJoin<Name extends string>(language: Language, name: Name) {
  return new QueryBuilder()
    .select({ serviceId: serviceTranslations.serviceId, title: serviceTranslations.title })
    .from(serviceTranslations)
    .where(eq(serviceTranslations.language, language))
    .as(name);
}

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
  governmentFee: services.governmentFee,
  excludedCosts: services.excludedCosts,
  familyMembers: services.familyMembers,
  durationMinWeeks: services.durationMinWeeks,
  durationMaxWeeks: services.durationMaxWeeks,
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

/** Every service that opens cases, offered or not, with its title: what a procedure can belong to. */
export function listCaseServices(db: Db, language: Language) {
  return db
    .select({ id: services.id, title: serviceTranslations.title, priceCents: services.priceCents, isFromPrice: services.isFromPrice })
    .from(services)
    .innerJoin(serviceTranslations, inLanguage(language))
    .where(eq(services.kind, 'case'))
    .orderBy(asc(services.sortOrder), asc(services.id));
}

/** The services whose cases ask the client's identification under Ley 10/2010, offered or not. */
export async function listAmlServiceIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: services.id }).from(services).where(eq(services.requiresAmlIdentification, true));
  return rows.map((row) => row.id);
}

/** One service, offered or not: checkout refuses the withdrawn ones itself. */
export async function findOffer(db: Db, id: string, language: Language) {
  const [row] = await db
    .select({ ...offerColumns, isOffered: services.isOffered })
    .from(services)
    .innerJoin(serviceTranslations, inLanguage(language))
    .where(eq(services.id, id));
  return row;
}

export type ServiceRow = typeof services.$inferSelect;
export type ServiceTranslationRow = typeof serviceTranslations.$inferSelect;

/** One page of the whole catalogue, withdrawn services too, in the services page order, searched by id and by title in every language. */
export async function listServices(db: Db, query: AdminListQuery) {
  const where = query.q
    ? or(
        ilike(services.id, containing(query.q)),
        inArray(services.id, db.select({ id: serviceTranslations.serviceId }).from(serviceTranslations).where(ilike(serviceTranslations.title, containing(query.q)))),
      )
    : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(services).where(where).orderBy(asc(services.sortOrder), asc(services.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(services).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export function listTranslations(db: Db, serviceIds: string[]): Promise<ServiceTranslationRow[]> {
  if (serviceIds.length === 0) return Promise.resolve([]);
  return db.select().from(serviceTranslations).where(inArray(serviceTranslations.serviceId, serviceIds));
}

/** The service, locked until the caller's transaction ends, so two saves of it apply (and audit) one after the other. */
export async function lockService(db: Db, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id)).for('update');
  return row;
}

/** What the Servicios tab saves of the service itself, besides its texts. */
export type ServiceValues = Pick<
  ServiceRow,
  'priceCents' | 'isFromPrice' | 'sortOrder' | 'isOffered' | 'governmentFee' | 'excludedCosts' | 'familyMembers' | 'durationMinWeeks' | 'durationMaxWeeks'
>;

export async function updateService(db: Db, id: string, values: ServiceValues): Promise<ServiceRow> {
  const [row] = await db.update(services).set(values).where(eq(services.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Writes the service's texts in each language given, adding a language it lacked. */
export async function saveTranslations(db: Db, serviceId: string, texts: Record<Language, ServiceTexts>): Promise<void> {
  await db
    .insert(serviceTranslations)
    .values(Object.entries(texts).map(([language, text]) => ({ serviceId, language: language as Language, ...text })))
    .onConflictDoUpdate({
      target: [serviceTranslations.serviceId, serviceTranslations.language],
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        priceDetails: sql`excluded.price_details`,
        features: sql`excluded.features`,
      },
    });
}
