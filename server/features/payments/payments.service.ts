import { localizedPath } from '#common/site-addresses.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { defaultLanguage, intlLocales, type Language } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import { familyMemberCents } from '#common/payments/family-package.contract.ts';
import { paidResultSearch, paymentResultPath, paymentResults } from '#common/payments/payment-result.ts';
import { nextStepOf } from '#common/payments/next-step.ts';
import type { PriceInclusions } from '#common/services/price-inclusions.ts';
import type { CheckoutRequest, CheckoutSession, Payment, PriceQuote, TestCheckout } from '#common/payments/payments.contract.ts';
import { scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import type { BillingParty, InvoiceLineDraft } from '#common/billing/billing-vocabulary.ts';
import { missingForInvoice, type RecipientField } from '#common/billing/invoice-recipient.ts';
import { chargedPrice, invoiceAmounts, taxTermsFor, type FirmTaxSetting, type TaxTerms } from '#common/invoices/tax-rules.ts';
import type { InvoiceLink } from '#common/invoices/invoices.contract.ts';
import type { ServiceKind } from '#common/services/services.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { accountHolder, type AuthDeps } from '#server/features/auth/auth.service.ts';
import { acceptPaidQuote, afterQuotePaid, holdQuoteForCheckout, quoteCheckout } from '#server/features/quotes/quotes.service.ts';
import { serviceOffer } from '#server/features/services/services.service.ts';
import { translator } from '#server/platform/translator.ts';
import { firmTimeZone, formatLongDate } from '#common/long-date.ts';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider } from '#server/integrations/payments/payment-provider.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import type { PaymentMails } from './payments.mails.ts';
import type { PurchaseFulfilment } from './purchase-fulfilment.ts';
import {
  countPaidByClient,
  findConsultationPayment,
  findPaymentBySession,
  findPaymentOwner,
  findQuotePayment,
  findUnusedConsultationCredit,
  insertPayment,
  listCasePayments,
  isCreditTaken,
  listPendingPaymentIds,
  listPendingTestSessions,
  listUserPayments,
  lockClientCredit,
  lockPaymentBySession,
  updatePayment,
  type PaymentRow,
} from './payments.repository.ts';
import { consultationPaymentsToJoin } from './payments.repository.ts';
import { insertRefund, listRefundsToGiveBack, setProviderRefundId } from './refunds.repository.ts';

// The fulfilment feature implements what a payment buys; it reaches payments through this service, as every feature does.
export type { PurchaseFulfilment } from './purchase-fulfilment.ts';

/** For other features' repositories: the payment of a consultation, to join (payments.repository.ts says how). */
export { consultationPaymentsToJoin };

export type PaymentsDeps = {
  db: Db;
  /** A quote paid by someone whose account its mailed link made: the link to choose a password. */
  auth: AuthDeps['auth'];
  /** Undefined when online payment is not set up: hiring then says so. */
  provider: PaymentProvider | undefined;
  mails: PaymentMails;
  appUrl: string;
  log: FastifyBaseLogger;
  now: Clock;
  /** What a payment buys: the slot its checkout holds, what it opens once paid, its invoices (purchase-fulfilment.ts). */
  fulfilment: PurchaseFulfilment;
  /** Whether the firm's Spanish business clients withhold IRPF (the owner's setting, AppConfig.tax). */
  tax: FirmTaxSetting;
};

/**
 * What was bought, as the catalogue said when the checkout was made (payments.service_details), and
 * what each family member of the case adds to it (absent from payments without members).
 */
export type ServiceDetails = {
  id: string;
  kind: ServiceKind;
  title: string;
  priceCents: number;
  currency: string;
  familyMemberCents?: number;
  /** The IVA terms the amounts were charged under, which the invoice follows; absent on payments made before them (21 % IVA). */
  tax?: TaxTerms;
  /** What the price included and left out when it was bought, which the invoice states; absent on payments made before them, and on a quote's price. */
  inclusions?: PriceInclusions;
};

const minuteMs = 60_000;

/**
 * The provider's checkout page of a scheduled consultation, a credit or a quote stays open 31 minutes
 * (Stripe's shortest is 30, a minute is left for the clocks). The slot is held only for the first
 * slotHoldMinutes of it (decisions/016): a payment made later keeps the slot if nobody took it.
 */
const checkoutMinutes = 31;

/** When the checkout of a scheduled consultation opened at `now` stops taking the payment. */
const checkoutExpiry = (now: Date) => new Date(now.getTime() + checkoutMinutes * minuteMs);

/**
 * A checkout that takes the consultation credit closes like a slot's (checkoutExpiry), and holds
 * the credit until then: another checkout opened meanwhile is priced without it.
 */
export const creditReservedSince = (now: Date) => new Date(2 * now.getTime() - checkoutExpiry(now).getTime());

/**
 * What hiring `serviceId` costs this client now, read from the catalogue: a case costs its fee plus
 * half of it for each family member it includes (the family package), reduced once by the fee of a
 * paid consultation whose fee no case has taken or holds (docs/product/rules.md), never below zero.
 */
async function pricing(
  db: Db,
  { userId, serviceId, familyMembers, language, now, terms }: { userId: string; serviceId: string; familyMembers: number; language: Language; now: Date; terms: TaxTerms },
): Promise<{ quote: Priced; creditConsultationId: string | null }> {
  const offer = await serviceOffer({ db }, serviceId, language);
  if (!offer.isOffered) throw new AppError('validation', 'services:errors.notOffered');
  if (offer.priceCents === null) throw new AppError('validation', 'payments:checkout.notPurchasable');
  if (offer.isFromPrice) throw new AppError('validation', 'quotes:errors.fromPrice');
  if (familyMembers > 0 && offer.kind !== 'case') throw new AppError('validation', 'family-package:errors.casesOnly');
  if (familyMembers > 0 && offer.familyMembers === 'none') throw new AppError('validation', 'family-package:errors.notOffered');
  // A client who owes no IVA is charged each published price's base (tax-rules.ts).
  const priceCents = chargedPrice(offer.priceCents, terms.treatment);
  const memberCents = chargedPrice(familyMemberCents(offer.priceCents), terms.treatment);
  const subtotalCents = priceCents + familyMembers * memberCents;
  const credit = offer.kind === 'case' ? await findUnusedConsultationCredit(db, userId, creditReservedSince(now)) : undefined;
  const creditedCents = credit && credit.currency === offer.currency ? Math.min(credit.amountCents, subtotalCents) : 0;
  return {
    quote: {
      serviceId: offer.id,
      kind: offer.kind,
      title: offer.title,
      priceCents,
      creditedCents,
      ...taxed(subtotalCents - creditedCents, terms),
      currency: offer.currency,
      ...(familyMembers > 0 ? { family: { members: familyMembers, memberCents } } : {}),
      inclusions: { governmentFee: offer.governmentFee, excludedCosts: offer.excludedCosts },
    },
    creditConsultationId: creditedCents > 0 && credit ? credit.consultationId : null,
  };
}

/** A price quote before the client's profile is checked for the invoice. */
type Priced = Omit<PriceQuote, 'recipientMissing'>;

/** What the client pays for lines adding up to `linesCents` (at their charged prices), and what of it is IVA or IRPF withheld. */
function taxed(linesCents: number, terms: TaxTerms): Pick<PriceQuote, 'amountCents' | 'tax'> {
  const amounts = invoiceAmounts(linesCents, terms);
  return {
    amountCents: amounts.payableCents,
    tax: {
      treatment: terms.treatment,
      legend: terms.legend,
      vatCents: amounts.vatCents,
      withholdingPercent: amounts.withholdingPercent,
      withholdingCents: amounts.withholdingCents,
    },
  };
}

/**
 * The client's IVA terms, from where their profile says they live and as whom they buy (until they
 * say, as a private client in Spain, which charges the published price), or as a Spanish business
 * when the checkout makes the invoice out to a company's CIF; and what the profile still lacks for a
 * complete invoice.
 */
export async function clientTaxTerms(
  { db, tax }: Pick<PaymentsDeps, 'db' | 'tax'>,
  userId: string,
  billing?: BillingParty,
): Promise<{ terms: TaxTerms; missing: RecipientField[] }> {
  const client = await accountHolder({ db }, userId);
  if (!client) throw new AppError('notFound');
  const terms = billing?.taxIdKind === 'cif' ? taxTermsFor('ES', 'business', tax) : taxTermsFor(client.residenceCountry ?? 'ES', client.buyerKind ?? 'private', tax);
  return { terms, missing: missingForInvoice(client) };
}

/** Whose a payment is: for the features that answer for something it bought (its invoice). */
export function paymentOwner({ db }: Pick<PaymentsDeps, 'db'>, paymentId: string): Promise<string | undefined> {
  return findPaymentOwner(db, paymentId);
}

/** The price the start page and the checkout show this client, with `familyMembers` members of the family package. */
export async function priceQuote(
  { db, now, tax }: Pick<PaymentsDeps, 'db' | 'now' | 'tax'>,
  userId: string,
  serviceId: string,
  familyMembers: number,
  language: Language,
): Promise<PriceQuote> {
  const { terms, missing } = await clientTaxTerms({ db, tax }, userId);
  return { ...(await pricing(db, { userId, serviceId, familyMembers, language, now: now(), terms })).quote, recipientMissing: missing };
}

/**
 * Opens a checkout for the signed-in client: the service is re-read from the catalogue (the title,
 * price and type the browser sent are ignored), the provider's session is made, and a pending
 * payment is written for it. The scheduled consultation's checkout also holds the chosen slot, in
 * the payment's transaction (a 400 if it is no longer free), ending the holds of the client's other
 * checkouts and of any from the same address (`clientAddress`, request.ip); a provider session made
 * for a slot lost meanwhile is never shown, and expires unpaid.
 */
export async function startCheckout(
  { db, provider, appUrl, now: clock, fulfilment, tax }: Pick<PaymentsDeps, 'db' | 'provider' | 'appUrl' | 'now' | 'fulfilment' | 'tax'>,
  user: SessionUser,
  request: CheckoutRequest,
  { language, clientAddress }: { language: Language; clientAddress: string },
): Promise<CheckoutSession> {
  if (request.user.id !== user.id) throw new AppError('forbidden');
  if (!provider) throw new AppError('paymentsUnavailable');
  const t = translator(language);
  const { terms, missing } = await clientTaxTerms({ db, tax }, user.id, request.billing);
  if (missing.length > 0) {
    // A complete invoice names its recipient (Real Decreto 1619/2012, art. 6): the profile is filled in before paying.
    const fields = new Intl.ListFormat(language, { type: 'conjunction' }).format(missing.map((field) => t(`payments:recipient.fields.${field}`)));
    throw new AppError('validation', 'payments:recipient.missing', {}, { fields });
  }
  const now = clock();
  const familyMembers = request.familyMembers ?? [];
  if (request.quoteId && familyMembers.length > 0) throw new AppError('validation', 'family-package:errors.notWithQuote');
  const { quote, creditConsultationId } = request.quoteId
    ? { quote: quotedPrice(await quoteCheckout({ db, now: clock }, user, request.quoteId, language), terms), creditConsultationId: null }
    : await pricing(db, { userId: user.id, serviceId: request.service.id, familyMembers: familyMembers.length, language, now, terms });
  const slot = quote.serviceId === scheduledConsultationType ? request.booking : undefined;
  if (quote.serviceId === scheduledConsultationType && !slot) throw new AppError('validation', 'booking:errors.slotRequired');
  // The letter the client accepted must be this checkout's, price included: read again, before any session is made (a 409 if it changed).
  const recordEngagement = await fulfilment.checkEngagement(db, { user, price: quote, language, acceptance: request.engagement });
  const money = (cents: number) => formatMoney(cents, quote.currency, language);
  const paymentId = randomUUID();
  // The provider's page and the way back speak the client's language: the French checkout returns to /fr/pago.
  const resultUrl = `${appUrl}${localizedPath(paymentResultPath, language)}`;
  const session = await provider.createCheckout({
    paymentId,
    userId: user.id,
    email: user.email,
    serviceId: quote.serviceId,
    title: quote.title,
    description:
      [
        quote.family ? t('family-package:checkout.providerLine', { count: quote.family.members, each: money(quote.family.memberCents) }) : null,
        quote.creditedCents > 0 ? t('payments:checkout.creditLine', { price: money(quote.priceCents), credit: money(quote.creditedCents) }) : null,
        // The provider's page names the booked day, time and way, as the test provider's page does.
        slot
          ? t('payments:checkout.appointmentLine', {
              when: t('payments:checkout.appointmentAt', { date: formatLongDate(slot.startsAt, language), time: madridClock(slot.startsAt, language) }),
              mode: t(`booking:modes.${slot.meetingMode}`),
            })
          : null,
      ]
        .filter((line) => line !== null)
        .join(' ') || undefined,
    amountCents: quote.amountCents,
    currency: quote.currency,
    successUrl: `${resultUrl}${paidResultSearch({ kind: quote.kind, serviceId: quote.serviceId })}`,
    cancelUrl: `${resultUrl}?payment=${paymentResults.cancelled}`,
    language,
    expiresAt: slot || creditConsultationId || request.quoteId ? checkoutExpiry(now) : undefined,
  });
  const details: ServiceDetails = {
    id: quote.serviceId,
    kind: quote.kind,
    title: quote.title,
    priceCents: quote.priceCents,
    currency: quote.currency,
    ...(quote.family ? { familyMemberCents: quote.family.memberCents } : {}),
    ...(quote.inclusions ? { inclusions: quote.inclusions } : {}),
    tax: terms,
  };
  await db.transaction(async (tx) => {
    await lockClientCredit(tx, user.id);
    const otherCheckouts = slot ? await listPendingPaymentIds(tx, user.id) : [];
    if (creditConsultationId) {
      // Another checkout of this client may have taken the credit since it was priced: this one's session is never shown.
      const credit = await findUnusedConsultationCredit(tx, user.id, creditReservedSince(now));
      if (credit?.consultationId !== creditConsultationId) throw new AppError('conflict', 'payments:checkout.creditTaken');
    }
    if (request.quoteId) await takeQuote(tx, user, request.quoteId, now);
    await insertPayment(tx, {
      id: paymentId,
      userId: user.id,
      serviceId: quote.serviceId,
      serviceDetails: details,
      amountCents: quote.amountCents,
      currency: quote.currency,
      creditedCents: quote.creditedCents,
      creditConsultationId,
      provider: provider.kind,
      providerSessionId: session.sessionId,
      quoteId: request.quoteId ?? null,
      billing: request.billing ?? null,
      familyMembers,
      // The credit's and the quote's reservation are measured from here on the clock that checks them.
      createdAt: now,
    });
    await recordEngagement(tx, { paymentId, actor: { ...user, ip: clientAddress } });
    if (slot) await fulfilment.holdSlot(tx, { paymentId, booking: slot, now, supersedes: { paymentIds: otherCheckouts, clientAddress } });
  });
  return { url: session.url };
}

/** A quote's price (which includes IVA, like the catalogue's) as this client is charged it. */
function quotedPrice(quote: Omit<Priced, 'tax'>, terms: TaxTerms): Priced {
  const priceCents = chargedPrice(quote.priceCents, terms.treatment);
  return { ...quote, priceCents, ...taxed(priceCents, terms) };
}

/**
 * A quote is paid through one checkout at a time (payments.quote_id is unique), which closes like a
 * slot's: in the new payment's transaction the quote is checked again, and the checkout that held it
 * before gives it up once closed; one still open is a 409, but a test checkout past its time is
 * closed here, as its page would.
 */
async function takeQuote(tx: Db, user: SessionUser, quoteId: string, now: Date): Promise<void> {
  await holdQuoteForCheckout({ db: tx, now: () => now }, user, quoteId);
  const previous = await findQuotePayment(tx, quoteId);
  if (!previous) return;
  if (previous.paymentStatus === 'pending') {
    const isLapsedTest = previous.provider === 'test' && previous.createdAt <= creditReservedSince(now);
    if (!isLapsedTest) throw new AppError('conflict', 'quotes:errors.checkoutOpen');
    await updatePayment(tx, previous.id, { paymentStatus: 'expired' });
  }
  await updatePayment(tx, previous.id, { quoteId: null });
}

/**
 * Applies what the provider says about a session: the one path of every outcome, from Stripe's
 * webhook and from the test provider's buttons alike. A paid payment opens its case or
 * consultation (booked on its held slot), and its mails, in the same transaction; any other outcome
 * gives the held slot back; a payment no longer pending is left as it is, so a delivery repeated
 * (or racing) has the effect of one. Under the client's credit lock, a payment priced with a
 * consultation credit is checked again: one whose credit was refunded or taken since opens nothing
 * and is given back whole (decisions/020).
 */
export async function settlePayment(deps: Pick<PaymentsDeps, 'db' | 'auth' | 'provider' | 'mails' | 'log' | 'fulfilment'>, event: PaymentEvent): Promise<void> {
  const { db, auth, mails, log, fulfilment } = deps;
  const known = await findPaymentBySession(db, event.sessionId);
  if (!known) {
    log.warn({ sessionId: event.sessionId, outcome: event.outcome }, 'payment event for an unknown session ignored');
    return;
  }
  const settled = await db.transaction(async (tx) => {
    await lockClientCredit(tx, known.userId);
    const payment = await lockPaymentBySession(tx, event.sessionId);
    if (payment?.paymentStatus !== 'pending') return;
    if (event.outcome !== 'paid') {
      await updatePayment(tx, payment.id, { paymentStatus: event.outcome });
      await fulfilment.releaseSlot(tx, payment.id);
      return;
    }
    const paid = { paidAt: new Date(), providerPaymentId: event.providerPaymentId ?? null };
    if (payment.creditConsultationId && !(await isCreditStillThere(tx, payment, payment.creditConsultationId))) {
      log.warn({ paymentId: payment.id, creditConsultationId: payment.creditConsultationId }, 'paid with a consultation credit refunded or taken since: given back whole');
      await refundCreditless({ db: tx, mails }, payment, paid);
      return { hasRefund: true };
    }
    await openPaidService({ db: tx, mails, fulfilment }, payment, paid);
    const accepted = payment.quoteId ? await acceptPaidQuote({ db: tx }, payment.quoteId, new Date()) : undefined;
    return { paidQuote: accepted && { userId: payment.userId, ...accepted } };
  });
  if (settled?.paidQuote) await afterQuotePaid({ db, auth, log }, settled.paidQuote.userId, settled.paidQuote);
  if (settled?.hasRefund) await giveBackRefunds(deps);
}

/**
 * Whether the consultation fee this payment deducted is still there for it: the consultation's
 * payment still paid, with at least that much not refunded, and no other paid payment holding it.
 */
async function isCreditStillThere(db: Tx, payment: PaymentRow, consultationId: string): Promise<boolean> {
  const source = await findConsultationPayment(db, consultationId);
  const kept = source?.paymentStatus === 'paid' ? source.amountCents - source.refundedCents : 0;
  return kept >= payment.creditedCents && !(await isCreditTaken(db, consultationId, payment.id));
}

/**
 * A payment whose credit is gone opens nothing at its discounted price: it is recorded paid and
 * refunded whole at once (no invoice, since nothing was sold), with a refund for the provider to make
 * (giveBackRefunds), and the client and the firm are told.
 */
async function refundCreditless(
  { db, mails }: Pick<PaymentsDeps, 'mails'> & { db: Tx },
  payment: PaymentRow,
  { paidAt, providerPaymentId }: { paidAt: Date; providerPaymentId: string | null },
): Promise<void> {
  await updatePayment(db, payment.id, { paymentStatus: 'refunded', paidAt, providerPaymentId, refundedCents: payment.amountCents });
  await insertRefund(db, {
    paymentId: payment.id,
    amountCents: payment.amountCents,
    reason: translator(defaultLanguage)('payments:admin.creditGoneReason'),
    outcome: 'cancel',
    providerRefundId: null,
    createdBy: null,
  });
  const client = await accountHolder({ db }, payment.userId);
  if (client) {
    const details = payment.serviceDetails as ServiceDetails;
    await mails.creditGone(db, { client, serviceTitle: details.title, amountCents: payment.amountCents, currency: payment.currency });
  }
}

/**
 * Asks the provider for the refunds the server decided on its own (a payment whose credit was gone)
 * and that it has not made yet: right after the settlement, and again from the worker until each is
 * made. The refund's id is the provider's idempotency key, so asking twice never pays twice; one
 * the provider refuses stays in the error log to be made by hand.
 */
export async function giveBackRefunds({ db, provider, log }: Pick<PaymentsDeps, 'db' | 'provider' | 'log'>): Promise<void> {
  for (const refund of await listRefundsToGiveBack(db)) {
    try {
      if (provider?.kind !== refund.provider) throw new PaymentProviderError(`the provider ${refund.provider} is not configured`);
      const { providerRefundId } = await provider.refund({
        payment: { id: refund.paymentId, providerPaymentId: refund.providerPaymentId },
        amountCents: refund.amountCents,
        refundId: refund.id,
      });
      await setProviderRefundId(db, refund.id, providerRefundId);
    } catch (error) {
      log.error({ paymentId: refund.paymentId, refundId: refund.id, err: error }, 'a payment whose consultation credit was gone could not be given back yet: check it with the provider');
    }
  }
}

/**
 * What a paid payment opens, in the caller's transaction, whether its provider settled it
 * (settlePayment) or the firm recorded it by hand (an offline payment): handed over to fulfilment,
 * its case or consultation (booked on the slot its checkout held) and its invoice mailed to the client
 * (answered); then the payment marked paid with what it opened, and the firm's notice.
 */
export async function openPaidService(
  { db, mails, fulfilment }: Pick<PaymentsDeps, 'mails' | 'fulfilment'> & { db: Tx },
  payment: PaymentRow,
  { paidAt, providerPaymentId }: { paidAt: Date; providerPaymentId: string | null },
): Promise<InvoiceLink> {
  const details = payment.serviceDetails as ServiceDetails;
  const { userId, serviceId, creditConsultationId, familyMembers } = payment;
  const client = await accountHolder({ db }, userId);
  const invoice = invoiceDraft(payment, details, client?.language ?? defaultLanguage);
  const opened = await fulfilment.fulfil(db, { paymentId: payment.id, userId, serviceId, kind: details.kind, familyMembers, invoice, quoteId: payment.quoteId });
  const { caseId, consultationId } = opened;
  await updatePayment(db, payment.id, { paymentStatus: 'paid', paidAt, providerPaymentId, creditConsultationId, caseId, consultationId });
  if (client) {
    // The firm reads Spanish: the service's Spanish title, not the one the client bought it under.
    const spanishTitle = await serviceOffer({ db }, serviceId, defaultLanguage).then(
      (offer) => offer.title,
      () => details.title,
    );
    await mails.paid(db, {
      client,
      serviceTitle: spanishTitle,
      nextStep: nextStepOf({ kind: details.kind, serviceId }),
      amountCents: payment.amountCents,
      creditedCents: payment.creditedCents,
      currency: payment.currency,
      caseId,
    });
  }
  return opened.invoice;
}

/** An instant's time on the firm's clock, '10:30'. */
function madridClock(instant: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocales[language], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: firmTimeZone }).format(new Date(instant));
}

/**
 * What a payment's invoice lists: the service at the price it was sold at, each family member at what
 * they added (their relationship in the invoice's language), less the consultation fee deducted, so
 * that the lines add up to what was charged.
 */
function invoiceDraft(payment: PaymentRow, details: ServiceDetails, language: Language) {
  const t = translator(language);
  const lines: InvoiceLineDraft[] = [{ kind: 'service', title: details.title, amountCents: details.priceCents, ...(details.inclusions ? { inclusions: details.inclusions } : {}) }];
  for (const member of payment.familyMembers) {
    const relationship = t(`family-package:relationships.${member.relationship}`);
    lines.push({ kind: 'familyMember', name: member.name, relationship, amountCents: details.familyMemberCents ?? 0 });
  }
  if (payment.creditedCents > 0) lines.push({ kind: 'consultationCredit', amountCents: -payment.creditedCents });
  return { lines, currency: payment.currency, method: payment.method, billing: payment.billing, tax: details.tax ?? null };
}

/** The signed-in client's payments, and nobody else's. */
export async function clientPayments({ db, fulfilment }: Pick<PaymentsDeps, 'db' | 'fulfilment'>, userId: string, language: Language): Promise<Payment[]> {
  const rows = await listUserPayments(db, userId, language);
  const invoices = await fulfilment.invoiceLinks(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, serviceTitle: row.serviceTitle ?? row.serviceId, invoices: invoices.get(row.id) ?? [], createdAt: row.createdAt.toISOString() }));
}

/** The terms of a payment made before they were kept: the published price, IVA at 21 % within it. */
const subjectTerms: TaxTerms = { treatment: 'subject', legend: null, withholdingPercent: null };

/** Like a Stripe Checkout session, a test checkout left unpaid for a day expires. */
const testCheckoutLifetimeMs = 24 * 60 * 60 * 1000;

const isAbandoned = (payment: PaymentRow, now: number) =>
  payment.paymentStatus === 'pending' && now - payment.createdAt.getTime() > testCheckoutLifetimeMs;

/**
 * A session of the built-in test provider that belongs to this client (expired if abandoned, or once
 * the slot, the credit or the quote it held is given up, as Stripe's session closes with it); anything else is unknown.
 */
async function ownTestPayment(deps: PaymentsDeps, userId: string, sessionId: string): Promise<PaymentRow> {
  if (deps.provider?.kind !== 'test') throw new AppError('notFound');
  const payment = await findPaymentBySession(deps.db, sessionId);
  if (!payment || payment.provider !== 'test' || payment.userId !== userId) throw new AppError('notFound');
  const now = deps.now();
  const isHoldOver = (payment.creditConsultationId !== null || payment.quoteId !== null) && payment.createdAt <= creditReservedSince(now);
  const isOver =
    payment.paymentStatus === 'pending' && (isAbandoned(payment, now.getTime()) || isHoldOver || (await deps.fulfilment.hasSlotHoldLapsed(deps.db, payment.id, now)));
  if (!isOver) return payment;
  await settlePayment(deps, { sessionId, outcome: 'expired' });
  return { ...payment, paymentStatus: 'expired' };
}

/**
 * Marks the test checkouts abandoned for a day as expired, as Stripe's expiry event does for its
 * sessions, so the Payments tab does not list them as pending for ever.
 */
export async function expireAbandonedTestCheckouts(deps: PaymentsDeps): Promise<void> {
  // On the clock a checkout's createdAt is written with.
  const sessions = await listPendingTestSessions(deps.db, new Date(deps.now().getTime() - testCheckoutLifetimeMs));
  for (const sessionId of sessions) await settlePayment(deps, { sessionId, outcome: 'expired' });
}

/** What the test provider's checkout page shows: the service, its price, any family members and any credit deducted. */
export async function testCheckout(deps: PaymentsDeps, userId: string, sessionId: string, language: Language): Promise<TestCheckout> {
  const payment = await ownTestPayment(deps, userId, sessionId);
  const details = payment.serviceDetails as ServiceDetails;
  const offer = await serviceOffer(deps, payment.serviceId, language);
  const booking = await deps.fulfilment.heldSlot(deps.db, payment.id);
  return {
    ...(booking ? { booking } : {}),
    serviceId: payment.serviceId,
    kind: details.kind,
    title: offer.title,
    priceCents: details.priceCents,
    ...(details.inclusions ? { inclusions: details.inclusions } : {}),
    creditedCents: payment.creditedCents,
    ...taxed(details.priceCents + payment.familyMembers.length * (details.familyMemberCents ?? 0) - payment.creditedCents, details.tax ?? subjectTerms),
    amountCents: payment.amountCents,
    currency: payment.currency,
    status: payment.paymentStatus,
    recipientMissing: [],
    ...(payment.familyMembers.length > 0 ? { family: { members: payment.familyMembers.length, memberCents: details.familyMemberCents ?? 0 } } : {}),
  };
}

/**
 * The test provider's 'Pagar' and 'Cancelar': the outcome goes through settlePayment exactly as a
 * provider's webhook would. Pressing the same button twice is harmless; the other one, too late.
 */
export async function finishTestCheckout(deps: PaymentsDeps, userId: string, sessionId: string, outcome: 'paid' | 'cancelled'): Promise<void> {
  const payment = await ownTestPayment(deps, userId, sessionId);
  if (payment.paymentStatus === outcome) return;
  if (payment.paymentStatus !== 'pending') throw new AppError('conflict');
  await settlePayment(deps, { sessionId, outcome });
}

/** How many paid payments each of these clients made, for the back office's client list (none: 0). */
export async function paidCountsByClient({ db }: Pick<PaymentsDeps, 'db'>, userIds: string[]): Promise<(userId: string) => number> {
  const counts = await countPaidByClient(db, userIds);
  return (userId) => counts.get(userId) ?? 0;
}

/** What the case's client paid for it (the checkout that opened it), oldest first, for the firm's case page. */
export function casePayments({ db }: Pick<PaymentsDeps, 'db'>, caseId: number, clientId: string) {
  return listCasePayments(db, caseId, clientId);
}

/**
 * What a checkout with these fields would charge this client, as startCheckout prices it: the engagement
 * letter the client reads before paying states it (the engagements module asks it through payments.module.ts).
 */
export async function checkoutPrice(
  { db, now, tax }: Pick<PaymentsDeps, 'db' | 'now' | 'tax'>,
  user: SessionUser,
  request: Pick<CheckoutRequest, 'service' | 'quoteId' | 'familyMembers' | 'billing'>,
  language: Language,
): Promise<Pick<PriceQuote, 'serviceId' | 'title' | 'amountCents' | 'currency'>> {
  const { terms } = await clientTaxTerms({ db, tax }, user.id, request.billing);
  const familyMembers = request.familyMembers?.length ?? 0;
  if (request.quoteId && familyMembers > 0) throw new AppError('validation', 'family-package:errors.notWithQuote');
  if (request.quoteId) return quotedPrice(await quoteCheckout({ db, now }, user, request.quoteId, language), terms);
  return (await pricing(db, { userId: user.id, serviceId: request.service.id, familyMembers, language, now: now(), terms })).quote;
}
