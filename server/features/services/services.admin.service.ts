import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { AdminService, ServiceInput, ServiceTexts } from '#common/services/services.admin.contract.ts';
import { contactOfferId, translationServiceId } from '#common/services/offers.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import {
  listServices,
  listTranslations,
  lockService,
  saveTranslations,
  updateService,
  type ServiceRow,
  type ServiceTranslationRow,
  type ServiceValues,
} from './services.repository.ts';
import type { ServicesDeps } from './services.service.ts';
import { publicContentChanged } from '#server/features/pages/public-content.service.ts';

const noTexts: ServiceTexts = { title: '', description: '', priceDetails: '', features: [] };

function toAdminService(row: ServiceRow, translations: ServiceTranslationRow[]): AdminService {
  const textsIn = (language: Language): ServiceTexts => {
    const found = translations.find((translation) => translation.serviceId === row.id && translation.language === language);
    return found ? { title: found.title, description: found.description, priceDetails: found.priceDetails, features: found.features } : noTexts;
  };
  return {
    id: row.id,
    kind: row.kind,
    priceCents: row.priceCents,
    currency: row.currency,
    isFromPrice: row.isFromPrice,
    sortOrder: row.sortOrder,
    isOffered: row.isOffered,
    governmentFee: row.governmentFee,
    excludedCosts: row.excludedCosts,
    familyMembers: row.familyMembers,
    durationMinWeeks: row.durationMinWeeks,
    durationMaxWeeks: row.durationMaxWeeks,
    texts: { es: textsIn('es'), en: textsIn('en'), fr: textsIn('fr') },
  };
}

/** The Servicios tab: every service, offered or withdrawn, with its texts in each language. */
export async function servicesPage({ db }: ServicesDeps, query: AdminListQuery): Promise<Page<AdminService>> {
  const { rows, total } = await listServices(db, query);
  const translations = await listTranslations(db, rows.map((row) => row.id));
  return adminPage(query, rows.map((row) => toAdminService(row, translations)), total);
}

/**
 * What the catalogue's flows need of some services, whatever the firm edits: the other-procedures
 * entry leads to the contact page, so it has no price; the translation entry is opened by a paid
 * quote only, so it has no price and is never offered; a consultation is paid when hired, so it
 * has a fixed price.
 */
function checkedRules(row: ServiceRow, input: ServiceInput): void {
  const hasNoPrice = input.priceCents === null && !input.isFromPrice;
  if (row.id === contactOfferId && !hasNoPrice) throw new AppError('validation', 'services-admin:errors.contactHasNoPrice');
  if (row.id === translationServiceId && (!hasNoPrice || input.isOffered)) throw new AppError('validation', 'services-admin:errors.translationHidden');
  if (row.kind === 'consultation' && (input.priceCents === null || input.isFromPrice)) throw new AppError('validation', 'services-admin:errors.consultationNeedsPrice');
}

type AuditedValues = Pick<ServiceRow, 'currency'> & ServiceValues;

/** The audited fields, as the Auditoría tab shows them. */
const audited = (values: AuditedValues) => ({
  price: values.priceCents === null ? null : { cents: values.priceCents, currency: values.currency },
  isFromPrice: values.isFromPrice,
  isOffered: values.isOffered,
  sortOrder: values.sortOrder,
  governmentFee: values.governmentFee,
  excludedCosts: values.excludedCosts.join(', '),
  relatives: values.familyMembers,
  duration: values.durationMinWeeks === null ? null : `${values.durationMinWeeks}-${values.durationMaxWeeks}`,
});

/** Only what the save changed, before and after. */
function changes(before: AuditedValues, after: AuditedValues) {
  const [from, to] = [audited(before), audited(after)];
  const changed = (Object.keys(to) as Array<keyof typeof to>).filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]));
  return { from: Object.fromEntries(changed.map((key) => [key, from[key]])), to: Object.fromEntries(changed.map((key) => [key, to[key]])) };
}

/**
 * Saves a service's price, flags, order and texts in every language, with its audit row, in one
 * transaction. The public pages are rendered again from the next request on (publicContentChanged);
 * payments already made keep what their `service_details` recorded.
 */
export async function editService({ db }: ServicesDeps, admin: Actor, id: string, input: ServiceInput): Promise<AdminService> {
  return db.transaction(async (tx) => {
    const before = await lockService(tx, id);
    if (!before) throw new AppError('notFound');
    checkedRules(before, input);
    const { texts, ...values } = input;
    const row = await updateService(tx, id, values);
    await saveTranslations(tx, id, texts);
    await publicContentChanged({ db: tx });
    await recordAudit({ db: tx }, { actor: admin, action: 'SERVICE_UPDATE', targetTable: 'services', targetId: id, details: { title: input.texts.es.title, ...changes(before, row) } });
    return toAdminService(row, await listTranslations(tx, [id]));
  });
}
