import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Page } from '#common/admin/paging.contract.ts';
import type { Assignee, AssignedListQuery, AssigneeInput } from '#common/assignees/assignees.contract.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { firmDay } from '#common/dates.ts';
import { defaultLanguage, type Language } from '#common/i18n/languages.ts';
import type { PriceQuote } from '#common/payments/payments.contract.ts';
import type { QuoteStatus } from '#common/quotes/quote-vocabulary.ts';
import type { TodayWhose } from '#common/today/today.contract.ts';
import {
  type AdminQuoteRow,
  type PublicQuote,
  type Quote,
  type QuoteAcceptance,
  type QuoteRequest,
  type SendQuote,
  type SendTranslationQuote,
} from '#common/quotes/quotes.contract.ts';
import { translationServiceId } from '#common/services/offers.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { assignWork, type AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { accountIdOf, createAccountFromMailedLink, inviteToChoosePassword } from '#server/features/auth/auth.mailed-link.service.ts';
import type { AuthDeps } from '#server/features/auth/auth.service.ts';
import { serviceOffer } from '#server/features/services/services.service.ts';
import { markTranslationAnswered } from '#server/features/translations/translations.admin.service.ts';
import { translationRequestFiles } from '#server/features/translations/translations.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import type { QuoteMails } from './quotes.mails.ts';
import {
  expireLapsedQuotes,
  findQuote,
  findQuoteByTokenHash,
  findQuoteRequestId,
  findWaitingRequest,
  insertQuote,
  listClientQuotes,
  listQuotesAwaitingPrice,
  listQuotesForAdmin,
  listRequestQuotes,
  lockQuote,
  type QuoteRow,
  type QuoteWithTitle,
  searchQuoteRows,
  setQuoteAssignee,
  updateQuote,
} from './quotes.repository.ts';

export type QuotesDeps = {
  db: Db;
  /** Accounts made from a mailed link, and their first password. */
  auth: AuthDeps['auth'];
  mails: QuoteMails;
  log: FastifyBaseLogger;
  /** What decides which quotes have expired (the Madrid day of now). */
  now: Clock;
  assignees: AssigneesDeps;
};

/** The secret of a mailed link is never stored: only its SHA-256 is, and looked up. */
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A sent quote whose last day (on Madrid's calendar) has passed is expired from the next day on,
 * whether or not the worker's sweep has written it yet.
 */
function statusOn(row: Pick<QuoteRow, 'status' | 'validUntil'>, today: string): QuoteStatus {
  return row.status === 'sent' && row.validUntil !== null && row.validUntil < today ? 'expired' : row.status;
}

const quotedServiceId = (row: Pick<QuoteRow, 'serviceId'>) => row.serviceId ?? translationServiceId;

function toQuote(row: QuoteWithTitle, today: string): Quote {
  return {
    id: row.id,
    kind: row.kind,
    status: statusOn(row, today),
    title: row.title ?? quotedServiceId(row),
    serviceId: quotedServiceId(row),
    priceCents: row.priceCents,
    currency: row.currency,
    validUntil: row.validUntil,
    message: row.message,
    requestMessage: row.requestMessage,
    translation: row.translation,
    sentAt: row.sentAt?.toISOString() ?? null,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminRow(row: QuoteWithTitle, today: string): AdminQuoteRow {
  return { ...toQuote(row, today), client: { name: row.name, email: row.email }, hasAccount: row.userId !== null, language: row.language, assigneeId: row.assigneeId };
}

/** The quote is this account's: made for it, or sent to its address before it had an account. */
const isOwnedBy = (row: Pick<QuoteRow, 'userId' | 'email'>, user: Pick<SessionUser, 'id' | 'email'>) =>
  row.userId === user.id || (row.userId === null && row.email.toLowerCase() === user.email.toLowerCase());

/** Refuses anything but an open quote, with the reason in the client's words (409). */
function assertOpen(row: Pick<QuoteRow, 'status' | 'validUntil'>, today: string): void {
  const status = statusOn(row, today);
  if (status === 'sent') return;
  throw new AppError('conflict', status === 'requested' ? 'quotes:errors.notSent' : `quotes:errors.${status}`);
}

/** The first word of a name is the first name, the rest the last name, as the registration form asks. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The title of the service a quote opens, in a mail's language. */
async function serviceTitle(db: Db, row: Pick<QuoteRow, 'serviceId'>, language: Language): Promise<string> {
  return (await serviceOffer({ db }, quotedServiceId(row), language)).title;
}

async function withTitle(db: Db, id: string, language: Language): Promise<QuoteWithTitle> {
  const row = await findQuote(db, id, language);
  if (!row) throw new AppError('notFound');
  return row;
}

/** A client asks the firm for the price of a case whose catalogue price is a 'from' price; the firm is mailed. */
export async function requestQuote({ db, mails, now }: Pick<QuotesDeps, 'db' | 'mails' | 'now'>, client: Actor, input: QuoteRequest, language: Language): Promise<Quote> {
  const offer = await serviceOffer({ db }, input.serviceId, language);
  if (offer.kind !== 'case' || !offer.isFromPrice) throw new AppError('validation', 'quotes:errors.notQuotable');
  const id = await db.transaction(async (tx) => {
    if (await findWaitingRequest(tx, client.id, offer.id)) throw new AppError('conflict', 'quotes:errors.alreadyRequested');
    const row = await insertQuote(tx, {
      kind: 'case',
      status: 'requested',
      userId: client.id,
      name: `${client.firstName} ${client.lastName}`.trim() || client.email,
      email: client.email,
      language,
      serviceId: offer.id,
      requestMessage: input.message || null,
    });
    await mails.requested(tx, { quote: row, title: await serviceTitle(tx, row, defaultLanguage) });
    return row.id;
  });
  return toQuote(await withTitle(db, id, language), firmDay(now()));
}

/** The signed-in client's quotes, and nobody else's. */
export async function clientQuotes({ db, now }: Pick<QuotesDeps, 'db' | 'now'>, client: SessionUser, language: Language): Promise<Quote[]> {
  const today = firmDay(now());
  return (await listClientQuotes(db, { userId: client.id, email: client.email }, language)).map((row) => toQuote(row, today));
}

/** Declined is final: the quote can no longer be paid. The firm is told. */
async function decline({ db, mails, now }: Pick<QuotesDeps, 'db' | 'mails' | 'now'>, id: string, isAllowed: (row: QuoteRow) => boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (!row || !isAllowed(row)) throw new AppError('notFound');
    assertOpen(row, firmDay(now()));
    await updateQuote(tx, id, { status: 'declined', respondedAt: now() });
    await mails.declined(tx, { quote: row, title: await serviceTitle(tx, row, defaultLanguage) });
  });
}

/** 'Rechazar' in the panel: only the client's own quote (another's is a 404). */
export async function declineClientQuote(deps: Pick<QuotesDeps, 'db' | 'mails' | 'now'>, client: SessionUser, id: string, language: Language): Promise<Quote> {
  await decline(deps, id, (row) => isOwnedBy(row, client));
  return toQuote(await withTitle(deps.db, id, language), firmDay(deps.now()));
}

async function quoteOfToken(db: Db, token: string, language: Language): Promise<QuoteWithTitle> {
  const row = await findQuoteByTokenHash(db, hashToken(token), language);
  if (!row) throw new AppError('notFound');
  return row;
}

async function acceptanceFor(db: Db, row: QuoteRow, viewer: SessionUser | null): Promise<QuoteAcceptance> {
  if (viewer) return isOwnedBy(row, viewer) ? 'checkout' : 'otherAccount';
  return row.userId !== null || (await accountIdOf({ db }, row.email)) ? 'signIn' : 'createAccount';
}

/**
 * A quote opened from its mailed link (whoever holds the link): while open, what it offers and how
 * this browser may accept it; once paid, declined or expired, only that state.
 */
export async function publicQuote({ db, now }: Pick<QuotesDeps, 'db' | 'now'>, token: string, viewer: SessionUser | null, language: Language): Promise<PublicQuote> {
  const row = await quoteOfToken(db, token, language);
  const quote = toQuote(row, firmDay(now()));
  if (quote.status !== 'sent') return { status: quote.status };
  return { ...quote, status: quote.status, name: row.name, email: row.email, acceptance: await acceptanceFor(db, row, viewer) };
}

/** 'Rechazar' from the mailed link: the link proves the address, as it does to accept. */
export async function declinePublicQuote(deps: Pick<QuotesDeps, 'db' | 'mails' | 'now'>, token: string, viewer: SessionUser | null, language: Language): Promise<PublicQuote> {
  const row = await quoteOfToken(deps.db, token, language);
  await decline(deps, row.id, () => true);
  return publicQuote(deps, token, viewer, language);
}

/**
 * 'Aceptar y pagar' from the mailed link, before the checkout: signed in to the quote's account, it
 * goes on; nobody has an account for its address, the account is made (no password yet: the link
 * proved the address) and this browser signed in to it. An account that exists is never entered from
 * a mailed link: its owner signs in first (409), and a browser signed in to another account is refused.
 */
export async function acceptPublicQuote(
  { db, auth, log, now }: Pick<QuotesDeps, 'db' | 'auth' | 'log' | 'now'>,
  token: string,
  viewer: SessionUser | null,
  headers: Headers,
): Promise<{ quoteId: string; cookies: string[] }> {
  const row = await quoteOfToken(db, token, 'es');
  assertOpen(row, firmDay(now()));
  const acceptance = await acceptanceFor(db, row, viewer);
  if (acceptance === 'checkout') return { quoteId: row.id, cookies: [] };
  if (acceptance === 'otherAccount') throw new AppError('forbidden', 'quotes:errors.otherAccount');
  if (acceptance === 'signIn') throw new AppError('conflict', 'quotes:errors.signInToAccept');
  const made = await createAccountFromMailedLink({ auth, db, log }, { ...splitName(row.name), email: row.email, phone: '', language: row.language }, headers);
  if (!made) throw new AppError('conflict', 'quotes:errors.signInToAccept');
  await db.transaction(async (tx) => {
    const locked = await lockQuote(tx, row.id);
    if (locked?.userId === null) await updateQuote(tx, row.id, { userId: made.userId });
  });
  return { quoteId: row.id, cookies: made.cookies };
}

/**
 * What paying a quote charges: its own price, whatever the catalogue says now, with no consultation
 * credit (the firm priced it). Only its client, only while it is open.
 */
export async function quoteCheckout(
  { db, now }: Pick<QuotesDeps, 'db' | 'now'>,
  client: SessionUser,
  quoteId: string,
  language: Language,
): Promise<Omit<PriceQuote, 'tax' | 'recipientMissing'>> {
  const row = await findQuote(db, quoteId, language);
  if (!row || !isOwnedBy(row, client)) throw new AppError('notFound');
  assertOpen(row, firmDay(now()));
  if (row.priceCents === null) throw new AppError('conflict', 'quotes:errors.notSent');
  const offer = await serviceOffer({ db }, quotedServiceId(row), language);
  return {
    serviceId: offer.id,
    kind: 'case',
    title: offer.title,
    priceCents: row.priceCents,
    creditedCents: 0,
    amountCents: row.priceCents,
    currency: row.currency,
  };
}

/**
 * Inside the transaction that writes a quote's payment: the quote is locked and checked again, and
 * a quote sent to an address before it had an account becomes that account's.
 */
export async function holdQuoteForCheckout({ db, now }: Pick<QuotesDeps, 'db' | 'now'>, client: SessionUser, quoteId: string): Promise<void> {
  const row = await lockQuote(db, quoteId);
  if (!row || !isOwnedBy(row, client)) throw new AppError('notFound');
  assertOpen(row, firmDay(now()));
  if (row.userId === null) await updateQuote(db, quoteId, { userId: client.id });
}

/**
 * Inside the transaction that marks its payment paid: the quote is accepted. A checkout opened while
 * the quote was open accepts it even if its last day passed meanwhile: the money is taken.
 */
export async function acceptPaidQuote({ db }: Pick<QuotesDeps, 'db'>, quoteId: string, at: Date): Promise<{ email: string; language: Language }> {
  const row = await lockQuote(db, quoteId);
  if (!row) throw new Error(`paid quote ${quoteId} not found`);
  await updateQuote(db, quoteId, { status: 'accepted', respondedAt: at });
  return { email: row.email, language: row.language };
}

/** After the payment's transaction: an account made from the quote's link is mailed the link to choose its password. */
export async function afterQuotePaid({ db, auth, log }: Pick<QuotesDeps, 'db' | 'auth' | 'log'>, userId: string, paid: { email: string; language: Language }): Promise<void> {
  // The payment stands whatever happens here; without this mail the person still asks for the link on the sign-in page.
  await inviteToChoosePassword({ db, auth, log }, userId, paid.email, paid.language).catch((error: unknown) =>
    log.error({ err: error, userId }, 'could not mail the link to choose a password after a quote was paid'),
  );
}

/** The Presupuestos tab: open quotes first. */
export async function adminQuotesPage({ db, now }: Pick<QuotesDeps, 'db' | 'now'>, staff: Actor, query: AssignedListQuery, language: Language): Promise<Page<AdminQuoteRow>> {
  const today = firmDay(now());
  const { rows, total } = await listQuotesForAdmin(db, query, language, staff.id);
  return adminPage(query, rows.map((row) => toAdminRow(row, today)), total);
}

/** Who handles a quote: a case quote goes to the lawyers, a translation quote to the translators (assignees.service.ts). */
export async function assignQuote({ db, assignees }: Pick<QuotesDeps, 'db' | 'assignees'>, staff: Actor, id: string, input: AssigneeInput): Promise<Assignee> {
  const row = await findQuote(db, id, defaultLanguage);
  if (!row) throw new AppError('notFound');
  const kind = row.kind === 'translation' ? 'translation-quotes' : 'case-quotes';
  return assignWork(assignees, staff, { kind, id, set: (tx, assigneeId) => setQuoteAssignee(tx, id, assigneeId) }, input);
}

/** The case quotes waiting for their price, for "Hoy": whose client, which service, since when, who handles each. */
export async function quotesAwaitingPrice({ db }: Pick<QuotesDeps, 'db'>, whose: TodayWhose, language: Language, limit: number) {
  return (await listQuotesAwaitingPrice(db, whose, language, limit)).map((row) => ({
    id: row.id,
    clientName: row.name,
    serviceTitle: row.title ?? '',
    requestedAt: row.createdAt,
    assigneeId: row.assigneeId,
  }));
}

/** A new link's secret, and the hash kept of it. */
function newAccessToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** What the audit log shows of a sent quote: for whom, what and at what price. */
async function auditDetails(db: Db, row: QuoteRow) {
  return { name: row.name, email: row.email, title: await serviceTitle(db, row, defaultLanguage), price: { cents: row.priceCents, currency: row.currency } };
}

/** The firm prices a client's request: sent, audited and mailed to the client with its link, in one transaction. */
export async function sendQuote({ db, mails, now }: Pick<QuotesDeps, 'db' | 'mails' | 'now'>, admin: Actor, id: string, input: SendQuote, language: Language): Promise<AdminQuoteRow> {
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (!row) throw new AppError('notFound');
    if (row.status !== 'requested') throw new AppError('conflict', 'quotes:errors.alreadySent');
    const { token, hash } = newAccessToken();
    const sent = { status: 'sent' as const, priceCents: input.priceCents, validUntil: input.validUntil, message: input.message, accessTokenHash: hash, sentBy: admin.id, sentAt: now() };
    await updateQuote(tx, id, sent);
    await recordAudit({ db: tx }, { actor: admin, action: 'QUOTE_SEND', targetTable: 'quotes', targetId: id, details: await auditDetails(tx, { ...row, ...sent }) });
    await mails.sent(tx, { quote: { ...row, ...sent }, title: await serviceTitle(tx, row, row.language), token });
  });
  return toAdminRow(await withTitle(db, id, language), firmDay(now()));
}

/**
 * The firm answers a translation request with a quote: sent at once to the request's address, for
 * the account of that address if there is one; the request counts as answered (its reply timer
 * stops). A request whose quote is still open or was accepted gets no second one.
 */
export async function sendTranslationQuote(
  { db, mails, now }: Pick<QuotesDeps, 'db' | 'mails' | 'now'>,
  admin: Actor,
  requestId: string,
  input: SendTranslationQuote,
  language: Language,
): Promise<AdminQuoteRow> {
  const today = firmDay(now());
  const id = await db.transaction(async (tx) => {
    const earlier = await listRequestQuotes(tx, requestId);
    if (earlier.some((quote) => ['sent', 'accepted'].includes(statusOn(quote, today)))) throw new AppError('conflict', 'quotes:errors.requestQuoted');
    const request = await markTranslationAnswered({ db: tx }, admin, requestId);
    const { token, hash } = newAccessToken();
    const row = await insertQuote(tx, {
      kind: 'translation',
      status: 'sent',
      userId: (await accountIdOf({ db: tx }, request.email)) ?? null,
      name: request.name,
      email: request.email.trim().toLowerCase(),
      language: input.language,
      translationRequestId: requestId,
      requestMessage: request.textToTranslate,
      priceCents: input.priceCents,
      validUntil: input.validUntil,
      message: input.message,
      translation: {
        unit: input.unit,
        quantity: input.quantity,
        sourceLanguage: input.sourceLanguage,
        targetLanguage: input.targetLanguage,
        urgency: input.urgency,
        isSworn: input.isSworn,
      },
      accessTokenHash: hash,
      sentBy: admin.id,
      sentAt: now(),
    });
    await recordAudit({ db: tx }, { actor: admin, action: 'QUOTE_SEND', targetTable: 'quotes', targetId: row.id, details: await auditDetails(tx, row) });
    await mails.sent(tx, { quote: row, title: await serviceTitle(tx, row, row.language), token });
    return row.id;
  });
  return toAdminRow(await withTitle(db, id, language), today);
}

/** The worker's sweep: sent quotes past their last day are written expired, as they already read. */
export async function expireQuotes({ db, log, now }: Pick<QuotesDeps, 'db' | 'log' | 'now'>): Promise<void> {
  const expired = await expireLapsedQuotes(db, firmDay(now()));
  if (expired > 0) log.info({ expired }, 'quotes expired');
}

/** The back office's search of quotes by whom they are for. */
export function searchQuotes({ db }: Pick<QuotesDeps, 'db'>, term: string, limit: number) {
  return searchQuoteRows(db, term, limit);
}

/** For the staff feature, when a person leaves: their quotes go back to the unassigned queue. */
export { releaseQuotesOf } from './quotes.repository.ts';

/** The files the client sent with the translation request a quote answers: none for a case's quote. */
export async function quoteRequestFiles({ db }: { db: Db }, quoteId: string) {
  const requestId = await findQuoteRequestId(db, quoteId);
  return requestId ? translationRequestFiles({ db }, requestId) : [];
}
