import { createHash } from 'node:crypto';
import { mayUse } from '#common/auth/permissions.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { firmDay, startOfFirmDay } from '#common/dates.ts';
import {
  withdrawalDays,
  type Engagement,
  type EngagementAcceptance,
  type EngagementLetter,
  type EngagementTemplate,
  type EngagementTemplateInput,
  type LetterPlaceholder,
} from '#common/engagements/engagements.contract.ts';
import type { Firm } from '#common/firm.ts';
import { languages, type Language } from '#common/i18n/languages.ts';
import { formatLongDate } from '#common/long-date.ts';
import { formatExactMoney } from '#common/money.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { accountHolder } from '#server/features/auth/auth.service.ts';
import { serviceOffer } from '#server/features/services/services.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { translator } from '#server/platform/translator.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { defaultLetters } from './default-letter.ts';
import { renderEngagementPdf } from './engagement-pdf.ts';
import { createEngagementMails, type EngagementMails } from './engagements.mails.ts';
import {
  findAcceptance,
  insertAcceptance,
  listCaseAcceptances,
  listClientAcceptances,
  listServiceLetters,
  listWithdrawals,
  lockAcceptance,
  markContracted,
  saveServiceLetter,
  setWithdrawn,
  type AcceptanceRow,
} from './engagements.repository.ts';

export type EngagementsDeps = { db: Db; firm: Firm; mails: EngagementMails; now: Clock };

/** What a checkout charges, as the letter states it: the service's (or quote's) title and the amount paid. */
export type LetterPrice = { title: string; amountCents: number; currency: string };

/** A letter rendered for a checkout, ready to be compared with what the client accepted and stored. */
export type RenderedLetter = EngagementLetter & { serviceTitle: string };

/** The letter's text for this service in this language: the firm's, else its Spanish one, else the built-in template (version 0). */
async function letterTemplate(db: Db, serviceId: string, language: Language): Promise<{ text: string; version: number; language: Language }> {
  const rows = await listServiceLetters(db, serviceId);
  const own = rows.find((row) => row.language === language && row.text !== '');
  if (own) return { text: own.text, version: own.version, language };
  const spanish = rows.find((row) => row.language === 'es' && row.text !== '');
  if (spanish) return { text: spanish.text, version: spanish.version, language: 'es' };
  return { text: defaultLetters[language], version: 0, language };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The letter filled with the client's data, the service and the price, in the language it is read in.
 * The same inputs always make the same text, so the server can render it again at the checkout and
 * compare its SHA-256 with the one the client accepted.
 */
async function renderLetter({ db, firm }: Pick<EngagementsDeps, 'db' | 'firm'>, userId: string, price: LetterPrice & { serviceId: string }, language: Language, now: Date): Promise<RenderedLetter> {
  const template = await letterTemplate(db, price.serviceId, language);
  const t = translator(template.language);
  const client = await accountHolder({ db }, userId);
  if (!client) throw new AppError('notFound');
  const document = client.nie
    ? t('engagements:letter.nie', { number: client.nie })
    : client.passportNumber
      ? t('engagements:letter.passport', { number: client.passportNumber })
      : t('engagements:letter.noDocument');
  const values: Record<LetterPlaceholder, string> = {
    clientName: `${client.firstName} ${client.lastName}`.trim(),
    clientDocument: document,
    clientEmail: client.email,
    clientAddress: client.address?.trim() || t('engagements:letter.noAddress'),
    service: price.title,
    price: formatExactMoney(price.amountCents, price.currency, template.language),
    date: formatLongDate(now, template.language),
    firmName: firm.legalName,
    firmTaxId: firm.taxId,
    firmAddress: firm.address,
    firmEmail: firm.email,
    firmBar: firm.barRegistration || t('engagements:letter.noBar'),
  };
  const text = template.text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as LetterPlaceholder] : whole));
  return { version: template.version, language: template.language, text, textSha256: sha256(text), serviceTitle: price.title };
}

/** The letter a checkout about to be made would be accepted under, for the client to read before paying. */
export function checkoutLetter(deps: Pick<EngagementsDeps, 'db' | 'firm' | 'now'>, user: SessionUser, price: LetterPrice & { serviceId: string }, language: Language): Promise<EngagementLetter> {
  return renderLetter(deps, user.id, price, language, deps.now()).then(({ serviceTitle: _title, ...letter }) => letter);
}

/**
 * What the checkout asks of the letter (built once by the fulfilment module, which hands it to
 * payments through PurchaseFulfilment): the letter rendered again and compared with what the client
 * accepted, before the provider's session is made; the acceptance written in the payment's transaction
 * with its audit row; and, once paid, the contract made (the 14 days start) and the PDF mailed.
 */
export function engagementTerms(config: Pick<AppConfig, 'appUrl' | 'firm' | 'mail'>, outbox: MailOutbox, now: Clock) {
  const mails = createEngagementMails(config, outbox);
  return {
    /** Refuses a checkout whose letter changed since the client read it (another price, a new version, another name): a 409 to read it again. */
    async check(db: Db, { user, price, language, acceptance }: { user: SessionUser; price: LetterPrice & { serviceId: string }; language: Language; acceptance: EngagementAcceptance }) {
      const letter = await renderLetter({ db, firm: config.firm }, user.id, price, language, now());
      if (letter.version !== acceptance.version || letter.textSha256 !== acceptance.textSha256) throw new AppError('conflict', 'engagements:errors.letterChanged');
      return letter;
    },

    async record(db: Tx, { paymentId, actor, letter, acceptance }: { paymentId: string; actor: Actor; letter: RenderedLetter; acceptance: EngagementAcceptance }) {
      await insertAcceptance(db, {
        paymentId,
        userId: actor.id,
        serviceTitle: letter.serviceTitle,
        language: letter.language,
        version: letter.version,
        text: letter.text,
        textSha256: letter.textSha256,
        isEarlyStartRequested: acceptance.isEarlyStartRequested,
        clientAddress: actor.ip,
        acceptedAt: now(),
      });
      // The hash is kept in the entry's details for whoever checks a copy; the Auditoría tab shows the version and the early start.
      await recordAudit({ db }, {
        actor,
        action: 'ENGAGEMENT_ACCEPT',
        targetTable: 'payments',
        targetId: paymentId,
        details: { title: letter.serviceTitle, version: letter.version, textSha256: letter.textSha256, isEarlyStartRequested: acceptance.isEarlyStartRequested },
      });
    },

    /** The payment is paid: the contract is made now, and the client gets the accepted letter as a PDF (nothing for a payment without one, like an offline payment). */
    async conclude(db: Tx, { paymentId, caseId, consultationId }: { paymentId: string; caseId: number | null; consultationId: string | null }) {
      const [contracted] = await markContracted(db, paymentId, { contractedAt: now(), caseId, consultationId });
      if (!contracted) return;
      const client = await accountHolder({ db }, contracted.userId);
      if (!client) return;
      const pdf = await renderEngagementPdf(contracted);
      await mails.accepted(db, { client: { email: client.email, name: `${client.firstName} ${client.lastName}`.trim(), language: client.language }, serviceTitle: contracted.serviceTitle, pdf });
    },
  };
}
export type EngagementTerms = ReturnType<typeof engagementTerms>;

/** The end of the 14th calendar day after the contract's, on the firm's clock (TRLGDCU, art. 104: the days run from the day after). */
function withdrawableUntil(contractedAt: Date): Date {
  const [year = 0, month = 1, day = 1] = firmDay(contractedAt).split('-').map(Number);
  const dayAfterLast = new Date(Date.UTC(year, month - 1, day + withdrawalDays + 1)).toISOString().slice(0, 10);
  return new Date(startOfFirmDay(dayAfterLast).getTime() - 1);
}

function shaped(row: NonNullable<AcceptanceRow>): Engagement {
  const contractedAt = row.contractedAt ?? row.acceptedAt;
  return {
    id: row.id,
    serviceTitle: row.serviceTitle,
    version: row.version,
    textSha256: row.textSha256,
    isEarlyStartRequested: row.isEarlyStartRequested,
    acceptedAt: row.acceptedAt.toISOString(),
    contractedAt: contractedAt.toISOString(),
    withdrawableUntil: withdrawableUntil(contractedAt).toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    caseId: row.caseId,
  };
}

/** When the client withdrew from each of these payments' letters (those withdrawn only), for the firm's list of payments. */
export async function withdrawalsOf({ db }: Pick<EngagementsDeps, 'db'>, paymentIds: string[]): Promise<Map<string, Date>> {
  const rows = await listWithdrawals(db, paymentIds);
  return new Map(rows.flatMap((row) => (row.withdrawnAt ? [[row.paymentId, row.withdrawnAt] as const] : [])));
}

/** The signed-in client's accepted letters, and nobody else's. */
export async function clientEngagements({ db }: Pick<EngagementsDeps, 'db'>, userId: string): Promise<Engagement[]> {
  return (await listClientAcceptances(db, userId)).map(shaped);
}

/** The letters of a case, for the firm's case page. */
export async function caseEngagements({ db }: Pick<EngagementsDeps, 'db'>, caseId: number): Promise<Engagement[]> {
  return (await listCaseAcceptances(db, caseId)).map(shaped);
}

/** An accepted letter's PDF: for its client, or staff who may read cases; anyone else is told it does not exist. */
export async function engagementPdf({ db }: Pick<EngagementsDeps, 'db'>, user: SessionUser, id: string): Promise<Buffer> {
  const row = await findAcceptance(db, id);
  if (!row || (row.userId !== user.id && !mayUse(user.role, 'GET /api/admin/cases/:id'))) throw new AppError('notFound');
  return renderEngagementPdf(row);
}

/**
 * The client withdraws from the contract (TRLGDCU, arts. 102 to 108) within the 14 days: recorded with
 * the time and address, audited, acknowledged to the client and told to the firm, which refunds through
 * the payment's refund (in full before the work started, in proportion after: ADR 051). After the 14
 * days, or a second time, it is refused.
 */
export async function withdraw({ db, mails, now }: Pick<EngagementsDeps, 'db' | 'mails' | 'now'>, client: Actor, id: string): Promise<Engagement> {
  return db.transaction(async (tx) => {
    const row = await lockAcceptance(tx, id);
    if (!row || row.userId !== client.id) throw new AppError('notFound');
    if (row.withdrawnAt) throw new AppError('conflict', 'engagements:errors.alreadyWithdrawn');
    const at = now();
    if (at > withdrawableUntil(row.contractedAt ?? row.acceptedAt)) throw new AppError('conflict', 'engagements:errors.periodOver');
    await setWithdrawn(tx, id, { withdrawnAt: at, withdrawalAddress: client.ip });
    const holder = await accountHolder({ db: tx }, client.id);
    const name = holder ? `${holder.firstName} ${holder.lastName}`.trim() : client.email;
    await recordAudit({ db: tx }, {
      actor: client,
      action: 'ENGAGEMENT_WITHDRAW',
      targetTable: 'payments',
      targetId: row.paymentId,
      details: { name, title: row.serviceTitle, caseId: row.caseId, isEarlyStartRequested: row.isEarlyStartRequested },
    });
    await mails.withdrawn(tx, { client: { email: holder?.email ?? client.email, name, language: holder?.language ?? row.language }, serviceTitle: row.serviceTitle, caseId: row.caseId, withdrawnAt: at });
    return shaped({ ...row, withdrawnAt: at });
  });
}

/** A service's letters as the editor opens them. */
export async function serviceTemplate({ db }: Pick<EngagementsDeps, 'db'>, serviceId: string): Promise<EngagementTemplate> {
  await serviceOffer({ db }, serviceId, 'es');
  const rows = await listServiceLetters(db, serviceId);
  const of = (language: Language) => rows.find((row) => row.language === language);
  const isDefault = rows.length === 0;
  return {
    serviceId,
    es: of('es')?.text ?? defaultLetters.es,
    en: isDefault ? defaultLetters.en : (of('en')?.text ?? ''),
    fr: isDefault ? defaultLetters.fr : (of('fr')?.text ?? ''),
    versions: { es: of('es')?.version ?? 0, en: of('en')?.version ?? 0, fr: of('fr')?.version ?? 0 },
    isDefault,
  };
}

/** Saves a service's letters; each language whose text changed gets a new version, and the change its audit row. */
export async function saveServiceTemplate({ db, now }: Pick<EngagementsDeps, 'db' | 'now'>, admin: Actor, serviceId: string, input: EngagementTemplateInput): Promise<EngagementTemplate> {
  const offer = await serviceOffer({ db }, serviceId, 'es');
  await db.transaction(async (tx) => {
    for (const language of languages) await saveServiceLetter(tx, { serviceId, language, text: input[language], updatedBy: admin.id, now: now() });
    await recordAudit({ db: tx }, { actor: admin, action: 'ENGAGEMENT_LETTER_UPDATE', targetTable: 'services', targetId: serviceId, details: { title: offer.title } });
  });
  return serviceTemplate({ db }, serviceId);
}
