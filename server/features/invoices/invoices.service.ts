import { priceTermKeys } from '#common/services/price-inclusions.ts';
import type { NextStep } from '#common/payments/next-step.ts';
import { mayUse } from '#common/auth/permissions.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { BillingParty, InvoiceLineDraft, InvoiceSeries, PaymentMethod } from '#common/billing/billing-vocabulary.ts';
import { firmDay } from '#common/dates.ts';
import type { Firm } from '#common/firm.ts';
import { businessTaxIdKind } from '#common/billing/invoice-recipient.ts';
import { invoiceContentSchema, type InvoiceCancellation, type InvoiceContent, type InvoiceLink } from '#common/invoices/invoices.contract.ts';
import { invoiceAmounts, type TaxTerms } from '#common/invoices/tax-rules.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { accountHolder } from '#server/features/auth/auth.service.ts';
import { translator } from '#server/platform/translator.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { billingRecordsXml, exportedRecord } from './billing-record-xml.ts';
import { appendEvent, checkEventLog, type EventLogDeps } from './event-log.service.ts';
import {
  billingRecordFields,
  billingRecordFieldsSchema,
  billingRecordFingerprint,
  cancellationFields,
  cancellationFingerprint,
  type AgencyEnvironment,
  type BillingRecordFields,
} from './billing-record.ts';
import { chainProblems, invoiceHash, invoiceNumber, recordChainProblems } from './invoice-chain.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { createInvoiceMails, type InvoiceMails } from './invoices.mails.ts';
import {
  findBillingRecordFields,
  findChainEnd,
  findInvoice,
  findLastSequence,
  findOrdinaryInvoice,
  insertBillingRecord,
  insertBillingRecordSending,
  insertInvoice,
  isBillingRecordSent,
  listInvoiceRecords,
  listRectifyingInvoiceIds,
  listBillingRecords,
  listBillingRecordsOfYear,
  listChain,
  listInvoiceLinks,
  findRecordChainEnd,
  lockInvoiceChain,
  searchInvoiceRows,
} from './invoices.repository.ts';

/**
 * `sentTo`: where the firm sends its billing records (VERI*FACTU: each record waits for the
 * worker's next send, the QR code opens `ValidarQR` and the invoice says "VERI*FACTU"); null when
 * no certificate is configured and the records are kept, not sent.
 */
export type InvoicesDeps = { db: Db; firm: Firm; mails: InvoiceMails; now: Clock; sentTo: AgencyEnvironment | null };

/**
 * What serving invoices and their records needs: whose payment an invoice bills, read through the
 * payments feature's `paymentOwner`, which the composition root hands in (invoices, which a paid
 * payment's fulfilment calls, never imports payments back), and the firm that issues them.
 */
export type InvoicesReadDeps = Pick<InvoicesDeps, 'db' | 'firm' | 'sentTo' | 'now'> & { paymentOwner: (paymentId: string) => Promise<string | undefined> };

export type InvoiceDraft = {
  paymentId: string;
  userId: string;
  lines: InvoiceLineDraft[];
  currency: string;
  method: PaymentMethod;
  /** Who the client asked the invoice to be made out to; null: the client, with their NIE or passport. */
  billing: BillingParty | null;
  /** The IVA terms the payment was charged under; null for a payment made before they were kept (21 % IVA). */
  tax: TaxTerms | null;
  /** What happens next for what was bought, told in the invoice's mail (a payment's invoice; a refund's has none). */
  nextStep?: NextStep;
};

/** What another feature needs to issue invoices inside its own transactions. */
export function invoicing(config: Pick<AppConfig, 'appUrl' | 'firm' | 'verifactu'>, outbox: MailOutbox, now: Clock): Omit<InvoicesDeps, 'db'> {
  return { firm: config.firm, mails: createInvoiceMails(config, outbox), now, sentTo: agencyEnvironment(config) };
}

/** Where the billing records are sent, when a certificate is configured. */
export function agencyEnvironment(config: Pick<AppConfig, 'verifactu'>): AgencyEnvironment | null {
  return config.verifactu ? { isProduction: config.verifactu.isProduction } : null;
}

type Unnumbered = Omit<InvoiceContent, 'number' | 'series' | 'issuedAt' | 'baseCents' | 'vatRatePercent' | 'vatCents' | 'totalCents' | 'tax'>;

/** The terms of an invoice issued before they were kept: IVA at 21 % within the price. */
const subjectTerms: TaxTerms = { treatment: 'subject', legend: null, withholdingPercent: null };

/**
 * Numbers, fingerprints, stores and mails one invoice, in the caller's transaction and under the
 * chain's lock: the next number of its series in the firm's year, the next link of the chain.
 */
async function issue(
  { db, mails, now, sentTo }: InvoicesDeps,
  {
    series,
    paymentId,
    refundId,
    rectifiesId,
    draft,
    terms,
    clientName,
    nextStep,
  }: { series: InvoiceSeries; paymentId: string; refundId?: string; rectifiesId?: string; draft: Unnumbered; terms: TaxTerms; clientName: string; nextStep?: NextStep },
): Promise<InvoiceLink> {
  await lockInvoiceChain(db);
  const issuedAt = now();
  const year = Number(firmDay(issuedAt).slice(0, 4));
  const sequence = (await findLastSequence(db, series, year)) + 1;
  const number = invoiceNumber(series, year, sequence);
  const { baseCents, vatRatePercent, vatCents, totalCents, withholdingPercent, withholdingCents, payableCents } = invoiceAmounts(
    draft.lines.reduce((sum, line) => sum + line.amountCents, 0),
    terms,
  );
  const content: InvoiceContent = {
    number,
    series,
    issuedAt: issuedAt.toISOString(),
    ...draft,
    baseCents,
    vatRatePercent,
    vatCents,
    totalCents,
    tax: { treatment: terms.treatment, legend: terms.legend, withholdingPercent, withholdingCents, payableCents },
  };
  const end = await findChainEnd(db);
  const previousHash = end?.hash ?? null;
  const link = await insertInvoice(db, {
    series,
    year,
    sequence,
    number,
    paymentId,
    refundId,
    rectifiesId,
    issuedAt,
    content,
    position: (end?.position ?? 0) + 1,
    previousHash,
    hash: invoiceHash(content, previousHash),
  });
  const fields = await makeBillingRecord(db, link.id, content, issuedAt, sentTo !== null);
  await mails.issued(db, { content, clientName, nextStep, pdf: await renderInvoicePdf(content, { fields, sentTo }) });
  return link;
}

/**
 * VeriFactu's record of an invoice just issued, the next link of the records' chain (same lock, same
 * transaction); when the firm sends its records, it waits for the worker's next send.
 */
async function makeBillingRecord(db: Db, invoiceId: string, content: InvoiceContent, generatedAt: Date, isSent: boolean): Promise<BillingRecordFields> {
  const fields = billingRecordFields(content, generatedAt);
  const end = await findRecordChainEnd(db);
  const previousFingerprint = end?.fingerprint ?? null;
  const position = (end?.position ?? 0) + 1;
  const recordId = await insertBillingRecord(db, {
    invoiceId,
    fields,
    position,
    previousFingerprint,
    fingerprint: billingRecordFingerprint(fields, previousFingerprint),
  });
  if (isSent) await insertBillingRecordSending(db, { recordId, position });
  return fields;
}

/** The invoice of a settled payment: what was bought, made out to the client (or the party they gave), mailed to them. */
export async function issueInvoice(deps: InvoicesDeps, draft: InvoiceDraft): Promise<InvoiceLink> {
  const client = await accountHolder(deps, draft.userId);
  if (!client) throw new Error(`payment ${draft.paymentId} has no client to invoice`);
  const t = translator(client.language);
  const clientName = `${client.firstName} ${client.lastName}`.trim();
  const ownDocument = client.nie ? { taxIdKind: 'nie' as const, taxId: client.nie } : client.passportNumber ? { taxIdKind: 'passport' as const, taxId: client.passportNumber } : { taxIdKind: null, taxId: null };
  const where = { ...(client.residenceCountry ? { country: client.residenceCountry } : {}), ...(client.buyerKind ? { kind: client.buyerKind } : {}) };
  const business =
    client.buyerKind === 'business' && client.businessName && client.businessTaxId
      ? { name: client.businessName, taxIdKind: businessTaxIdKind(client.residenceCountry ?? 'ES', client.businessTaxId), taxId: client.businessTaxId }
      : undefined;
  // Who the checkout named, else the business the client buys as, else the client in person (Real Decreto 1619/2012, art. 6).
  const buyer = draft.billing
    ? { ...draft.billing, address: draft.billing.address ?? client.address, ...where, email: client.email }
    : { ...(business ?? { name: clientName, ...ownDocument }), address: client.address, ...where, email: client.email };
  // The IVA is the invoice's own line: the detail says the rest of what the price included and left out.
  const inclusions = (line: InvoiceLineDraft) =>
    line.kind === 'service' && line.inclusions
      ? { detail: priceTermKeys(line.inclusions).filter((key) => key !== 'terms.vat').map((key) => `${t(`services:${key}`)}.`).join(' ') }
      : {};
  const lines = draft.lines.map((line) => ({
    amountCents: line.amountCents,
    ...inclusions(line),
    description:
      line.kind === 'service'
        ? line.title
        : line.kind === 'familyMember'
          ? t('invoices:lines.familyMember', { name: line.name, relationship: line.relationship })
          : t('invoices:lines.consultationCredit'),
  }));
  return issue(deps, {
    series: 'F',
    paymentId: draft.paymentId,
    terms: draft.tax ?? subjectTerms,
    clientName,
    ...(draft.nextStep ? { nextStep: draft.nextStep } : {}),
    draft: {
      language: client.language,
      seller: { legalName: deps.firm.legalName, taxId: deps.firm.taxId, address: deps.firm.address },
      buyer,
      lines,
      currency: draft.currency,
      paymentMethod: draft.method,
      rectifies: null,
    },
  });
}

/**
 * The rectifying invoice of a refund (series R): the same client and language as the invoice it
 * corrects, one negative line for what was given back, and the reason.
 */
export async function issueRectifyingInvoice(
  deps: InvoicesDeps,
  { paymentId, refundId, amountCents, reason }: { paymentId: string; refundId: string; amountCents: number; reason: string },
): Promise<InvoiceLink> {
  const original = await checkRectifiable(deps, paymentId);
  const content = invoiceContentSchema.parse(original.content);
  const t = translator(content.language);
  const title = content.lines[0]?.description ?? content.number;
  const terms = content.tax ? { treatment: content.tax.treatment, legend: content.tax.legend, withholdingPercent: content.tax.withholdingPercent } : subjectTerms;
  // What was given back is part of what the client paid, which is the invoice's total less any IRPF they withheld: the same share of the total is rectified.
  const lineCents = content.tax?.withholdingCents ? Math.round((amountCents * content.totalCents) / content.tax.payableCents) : amountCents;
  return issue(deps, {
    series: 'R',
    paymentId,
    refundId,
    rectifiesId: original.id,
    terms,
    clientName: content.buyer.name,
    draft: {
      language: content.language,
      seller: content.seller,
      buyer: content.buyer,
      lines: [{ description: t('invoices:lines.refund', { title }), amountCents: -lineCents }],
      currency: content.currency,
      paymentMethod: content.paymentMethod,
      rectifies: { number: content.number, issuedAt: content.issuedAt, reason },
    },
  });
}

/**
 * Cancels an invoice's billing record as made in error (registro de facturación de anulación), for
 * the staff who keep the accounts: an invoice issued that should never have been (a duplicate, a
 * payment that was not one). The invoice and its number stay, as the law wants; the cancellation
 * is the next record of the chain, sent to the agency like any other when the firm sends them,
 * and the audit log keeps who did it and why. A money-back correction is a refund's rectifying
 * invoice instead; an invoice whose rectification still stands cannot be cancelled before it.
 */
export async function cancelInvoiceRecord(
  { db, now, sentTo }: Pick<InvoicesDeps, 'db' | 'now' | 'sentTo'>,
  admin: { id: string; ip: string },
  invoiceId: string,
  { reason }: InvoiceCancellation,
): Promise<{ number: string; fingerprint: string }> {
  return db.transaction(async (tx) => {
    await lockInvoiceChain(tx);
    const invoice = await findInvoice(tx, invoiceId);
    if (!invoice) throw new AppError('notFound');
    const records = await listInvoiceRecords(tx, invoiceId);
    const issue = records.find((record) => record.kind === 'alta');
    if (!issue) throw new AppError('conflict', 'invoices:errors.noRecord');
    if (records.some((record) => record.kind === 'anulacion')) throw new AppError('conflict', 'invoices:errors.alreadyCancelled');
    for (const rectifyingId of await listRectifyingInvoiceIds(tx, invoiceId)) {
      const kinds = (await listInvoiceRecords(tx, rectifyingId)).map((record) => record.kind);
      if (!kinds.includes('anulacion')) throw new AppError('conflict', 'invoices:errors.rectified');
    }
    const fields = cancellationFields(billingRecordFieldsSchema.parse(issue.fields), now());
    const end = await findRecordChainEnd(tx);
    const previousFingerprint = end?.fingerprint ?? null;
    const position = (end?.position ?? 0) + 1;
    const fingerprint = cancellationFingerprint(fields, previousFingerprint);
    const recordId = await insertBillingRecord(tx, { invoiceId, kind: 'anulacion', fields, position, previousFingerprint, fingerprint });
    if (sentTo) await insertBillingRecordSending(tx, { recordId, position });
    await recordAudit({ db: tx }, { actor: admin, action: 'INVOICE_CANCEL', targetTable: 'payments', targetId: invoice.paymentId, details: { invoice: invoice.number, reason } });
    return { number: invoice.number, fingerprint };
  });
}

/**
 * The payment's ordinary invoice, which each of its refunds' rectifying invoices corrects: there
 * must be one, and its billing record must stand. An invoice cancelled as issued in error no longer
 * counts, and a rectification of it would correct nothing (a 409 in the reader's words).
 */
export async function checkRectifiable({ db }: Pick<InvoicesDeps, 'db'>, paymentId: string) {
  const original = await findOrdinaryInvoice(db, paymentId);
  if (!original) throw new AppError('conflict', 'invoices:errors.noInvoice');
  if ((await listInvoiceRecords(db, original.id)).some((record) => record.kind === 'anulacion')) throw new AppError('conflict', 'invoices:errors.cancelledNotRectified');
  return original;
}

/** The invoices of each of these payments, for the client's and the admin's payment lists. */
export async function invoiceLinks({ db }: Pick<InvoicesDeps, 'db'>, paymentIds: string[]): Promise<Map<string, InvoiceLink[]>> {
  const links = new Map<string, InvoiceLink[]>();
  for (const { paymentId, id, number } of await listInvoiceLinks(db, paymentIds)) links.set(paymentId, [...(links.get(paymentId) ?? []), { id, number }]);
  return links;
}

/** An invoice's PDF, for the client it bills or the staff who read payments; anyone else is told it does not exist. */
export async function invoicePdf(
  { db, paymentOwner, sentTo }: Pick<InvoicesReadDeps, 'db' | 'paymentOwner' | 'sentTo'>,
  user: SessionUser,
  id: string,
): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await findInvoice(db, id);
  if (!invoice || (!mayUse(user.role, 'GET /api/admin/payments') && (await paymentOwner(invoice.paymentId)) !== user.id)) throw new AppError('notFound');
  const record = await findBillingRecordFields(db, invoice.id);
  // Whether the record was sent is the record's own, not today's configuration's.
  const printed = record ? { fields: billingRecordFieldsSchema.parse(record), sentTo: (await isBillingRecordSent(db, invoice.id)) ? (sentTo ?? { isProduction: true }) : null } : undefined;
  return { number: invoice.number, pdf: await renderInvoicePdf(invoiceContentSchema.parse(invoice.content), printed) };
}

/** Checks the invoices' chain and their billing records' chain: how many each holds, and what is wrong (nothing, when both hold). */
export async function verifyInvoiceChain({ db }: Pick<InvoicesDeps, 'db'>): Promise<{ count: number; records: number; last: string | undefined; problems: string[] }> {
  const rows = await listChain(db);
  const records = await listBillingRecords(db);
  return { count: rows.length, records: records.length, last: rows.at(-1)?.number, problems: [...chainProblems(rows), ...recordChainProblems(records)] };
}

/**
 * Checks the chains as `verifyInvoiceChain` does, and the event log's; a firm that keeps its records
 * logs it (decisions/054): the launch of the billing records' anomaly detection (03) and each
 * anomaly found (04), then the same for the events (05, 06), committed even when something is wrong.
 */
export async function verifyBillingSystem(deps: Pick<InvoicesDeps, 'db' | 'now' | 'sentTo'> & Pick<EventLogDeps, 'firm'>): Promise<Awaited<ReturnType<typeof verifyInvoiceChain>>> {
  const isKept = deps.sentTo === null;
  return deps.db.transaction(async (tx) => {
    const log = { db: tx, firm: deps.firm, now: deps.now };
    if (isKept) await appendEvent(log, '03');
    const chains = await verifyInvoiceChain({ db: tx });
    if (isKept) for (const problem of chains.problems) await appendEvent(log, '04', { TipoAnomalia: 'registros de facturación', Descripcion: problem.slice(0, 500) });
    if (isKept) await appendEvent(log, '05');
    const eventLog = await checkEventLog(tx);
    if (isKept) for (const problem of eventLog.problems) await appendEvent(log, '06', { TipoAnomalia: 'registros de evento', Descripcion: problem.slice(0, 500) });
    return { ...chains, problems: [...chains.problems, ...eventLog.problems] };
  });
}

/** The billing records of a year's invoices as the tax agency's XML, for the firm's accounts or an inspection; a firm that keeps its records logs the export (08). */
export async function billingRecordsOfYear({ db, firm, now, sentTo }: Pick<InvoicesDeps, 'db' | 'firm' | 'now' | 'sentTo'>, year: number): Promise<{ name: string; xml: string }> {
  return db.transaction(async (tx) => {
    const records = (await listBillingRecordsOfYear(tx, year)).map(exportedRecord);
    if (sentTo === null) await appendEvent({ db: tx, firm, now }, '08', { Ejercicio: year, NumeroRegistros: records.length });
    return { name: `registros-facturacion-${year}.xml`, xml: billingRecordsXml(records, firm) };
  });
}

/** The back office's search of invoices by number, with whom each was made out to. */
export function searchInvoices({ db }: Pick<InvoicesDeps, 'db'>, compact: string, limit: number) {
  return searchInvoiceRows(db, compact, limit);
}
