import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { BillingParty, InvoiceLineDraft, InvoiceSeries, PaymentMethod } from '#common/billing/billing-vocabulary.ts';
import { firmDay } from '#common/dates.ts';
import type { Firm } from '#common/firm.ts';
import { splitVat, vatRatePercent } from '#common/invoices/invoice-amounts.ts';
import { invoiceContentSchema, type InvoiceContent, type InvoiceLink } from '#common/invoices/invoices.contract.ts';
import type { AppConfig } from '#server/config/env.ts';
import type { Db } from '#server/db/client.ts';
import type { MailOutbox } from '#server/platform/mail/mail.service.ts';
import { AppError } from '#server/errors.ts';
import { accountHolder } from '#server/features/auth/auth.service.ts';
import { translator } from '#server/i18n.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { chainProblems, invoiceHash, invoiceNumber } from './invoice-chain.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { createInvoiceMails, type InvoiceMails } from './invoices.mails.ts';
import {
  findChainEnd,
  findInvoice,
  findLastSequence,
  findOrdinaryInvoice,
  insertInvoice,
  listChain,
  listInvoiceLinks,
  lockInvoiceChain,
} from './invoices.repository.ts';

export type InvoicesDeps = { db: Db; firm: Firm; mails: InvoiceMails; now: Clock };

/**
 * What serving an invoice's PDF needs: whose payment it bills, read through the payments feature's
 * `paymentOwner`, which the composition root hands in (invoices, which a paid payment's fulfilment
 * calls, never imports payments back).
 */
export type InvoicePdfDeps = Pick<InvoicesDeps, 'db'> & { paymentOwner: (paymentId: string) => Promise<string | undefined> };

export type InvoiceDraft = {
  paymentId: string;
  userId: string;
  lines: InvoiceLineDraft[];
  currency: string;
  method: PaymentMethod;
  /** Who the client asked the invoice to be made out to; null: the client, with their NIE or passport. */
  billing: BillingParty | null;
};

/** What another feature needs to issue invoices inside its own transactions. */
export function invoicing(config: Pick<AppConfig, 'appUrl' | 'firm'>, outbox: MailOutbox, now: Clock): Omit<InvoicesDeps, 'db'> {
  return { firm: config.firm, mails: createInvoiceMails(config, outbox), now };
}

type Unnumbered = Omit<InvoiceContent, 'number' | 'series' | 'issuedAt' | 'baseCents' | 'vatRatePercent' | 'vatCents' | 'totalCents'>;

/**
 * Numbers, fingerprints, stores and mails one invoice, in the caller's transaction and under the
 * chain's lock: the next number of its series in the firm's year, the next link of the chain.
 */
async function issue(
  { db, mails, now }: InvoicesDeps,
  { series, paymentId, refundId, rectifiesId, draft, clientName }: { series: InvoiceSeries; paymentId: string; refundId?: string; rectifiesId?: string; draft: Unnumbered; clientName: string },
): Promise<InvoiceLink> {
  await lockInvoiceChain(db);
  const issuedAt = now();
  const year = Number(firmDay(issuedAt).slice(0, 4));
  const sequence = (await findLastSequence(db, series, year)) + 1;
  const number = invoiceNumber(series, year, sequence);
  const totalCents = draft.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const content: InvoiceContent = { number, series, issuedAt: issuedAt.toISOString(), ...draft, ...splitVat(totalCents), vatRatePercent, totalCents };
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
  await mails.issued(db, { content, clientName, pdf: await renderInvoicePdf(content) });
  return link;
}

/** The invoice of a settled payment: what was bought, made out to the client (or the party they gave), mailed to them. */
export async function issueInvoice(deps: InvoicesDeps, draft: InvoiceDraft): Promise<InvoiceLink> {
  const client = await accountHolder(deps, draft.userId);
  if (!client) throw new Error(`payment ${draft.paymentId} has no client to invoice`);
  const t = translator(client.language);
  const clientName = `${client.firstName} ${client.lastName}`.trim();
  const ownDocument = client.nie ? { taxIdKind: 'nie' as const, taxId: client.nie } : client.passportNumber ? { taxIdKind: 'passport' as const, taxId: client.passportNumber } : { taxIdKind: null, taxId: null };
  const buyer = draft.billing
    ? { ...draft.billing, email: client.email }
    : { name: clientName, ...ownDocument, address: client.address, email: client.email };
  const lines = draft.lines.map((line) => ({
    amountCents: line.amountCents,
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
    clientName,
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
  const original = await findOrdinaryInvoice(deps.db, paymentId);
  if (!original) throw new AppError('conflict', 'invoices:errors.noInvoice');
  const content = invoiceContentSchema.parse(original.content);
  const t = translator(content.language);
  const title = content.lines[0]?.description ?? content.number;
  return issue(deps, {
    series: 'R',
    paymentId,
    refundId,
    rectifiesId: original.id,
    clientName: content.buyer.name,
    draft: {
      language: content.language,
      seller: content.seller,
      buyer: content.buyer,
      lines: [{ description: t('invoices:lines.refund', { title }), amountCents: -amountCents }],
      currency: content.currency,
      paymentMethod: content.paymentMethod,
      rectifies: { number: content.number, issuedAt: content.issuedAt, reason },
    },
  });
}

/** Whether a payment has its ordinary invoice, which each of its refunds' rectifying invoices corrects. */
export async function hasInvoice({ db }: Pick<InvoicesDeps, 'db'>, paymentId: string): Promise<boolean> {
  return Boolean(await findOrdinaryInvoice(db, paymentId));
}

/** The invoices of each of these payments, for the client's and the admin's payment lists. */
export async function invoiceLinks({ db }: Pick<InvoicesDeps, 'db'>, paymentIds: string[]): Promise<Map<string, InvoiceLink[]>> {
  const links = new Map<string, InvoiceLink[]>();
  for (const { paymentId, id, number } of await listInvoiceLinks(db, paymentIds)) links.set(paymentId, [...(links.get(paymentId) ?? []), { id, number }]);
  return links;
}

/** An invoice's PDF, for the client it bills or an admin; anyone else is told it does not exist. */
export async function invoicePdf({ db, paymentOwner }: InvoicePdfDeps, user: SessionUser, id: string): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await findInvoice(db, id);
  if (!invoice || (user.role !== 'admin' && (await paymentOwner(invoice.paymentId)) !== user.id)) throw new AppError('notFound');
  return { number: invoice.number, pdf: await renderInvoicePdf(invoiceContentSchema.parse(invoice.content)) };
}

/** Checks the whole chain: how many invoices it holds, and what is wrong with it (nothing, when it holds). */
export async function verifyInvoiceChain({ db }: Pick<InvoicesDeps, 'db'>): Promise<{ count: number; last: string | undefined; problems: string[] }> {
  const rows = await listChain(db);
  return { count: rows.length, last: rows.at(-1)?.number, problems: chainProblems(rows) };
}
