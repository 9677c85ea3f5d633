import { firmDay, startOfFirmDay } from '#common/dates.ts';
import type { RecipientField } from '#common/billing/invoice-recipient.ts';
import { chargedPrice, simplifiedInvoiceLimitCents, type TaxTerms } from '#common/invoices/tax-rules.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { OfflineOffer, OfflinePaymentInput, RecordedPayment } from '#common/payments/payments.admin.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import { translator } from '#server/platform/translator.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { createAccountForClient, inviteToChoosePassword } from '#server/features/auth/auth.mailed-link.service.ts';
import { accountHolder } from '#server/features/auth/auth.service.ts';
import { serviceCatalogue, serviceOffer } from '#server/features/services/services.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import { clientTaxTerms, creditReservedSince, openPaidService, type PaymentsDeps, type ServiceDetails } from './payments.service.ts';
import { findUnusedConsultationCredit, insertPayment, lockClientCredit } from './payments.repository.ts';

export type OfflinePaymentsDeps = Pick<PaymentsDeps, 'db' | 'auth' | 'mails' | 'log' | 'now' | 'fulfilment' | 'tax'>;

type Credit = Awaited<ReturnType<typeof findUnusedConsultationCredit>>;

/**
 * A payment recorded for a client whose profile lacks what a complete invoice names gets a simplified
 * invoice, which the law allows only up to 400 € with IVA (Real Decreto 1619/2012, art. 4): above that,
 * or without IVA, the firm fills in the client's profile first (a 400 naming what is missing).
 */
function assertInvoiceable({ missing, terms, amountCents, language }: { missing: RecipientField[]; terms: TaxTerms; amountCents: number; language: Language }) {
  if (missing.length === 0 || (amountCents <= simplifiedInvoiceLimitCents && terms.treatment === 'subject')) return;
  const t = translator(language);
  const fields = new Intl.ListFormat(language, { type: 'conjunction' }).format(missing.map((field) => t(`payments:recipient.fields.${field}`)));
  throw new AppError('validation', 'payments:admin.errors.recipientIncomplete', {}, { fields });
}

/** What a client made with the payment has not given yet: everything the invoice names. */
const newClientMissing: RecipientField[] = ['buyerKind', 'identity', 'address', 'residenceCountry'];
const newClientTerms: TaxTerms = { treatment: 'subject', legend: null, withholdingPercent: null };

/** What a client's unused consultation credit takes off a case of this price, as at checkout; nothing off a consultation. */
function creditedCents(offer: { kind: string; priceCents: number; currency: string }, credit: Credit): number {
  return offer.kind === 'case' && credit && credit.currency === offer.currency ? Math.min(credit.amountCents, offer.priceCents) : 0;
}

/** The catalogue's priced services, as the firm records a payment for them: a case priced less this client's unused consultation credit. */
export async function offlineOffers({ db, now }: Pick<OfflinePaymentsDeps, 'db' | 'now'>, userId: string | undefined, language: Language): Promise<OfflineOffer[]> {
  const credit = userId ? await findUnusedConsultationCredit(db, userId, creditReservedSince(now())) : undefined;
  return (await serviceCatalogue({ db }, language)).flatMap(({ id, kind, title, priceCents, isFromPrice, currency }) =>
    priceCents === null ? [] : [{ id, kind, title, priceCents, isFromPrice, currency, creditedCents: creditedCents({ kind, priceCents, currency }, credit) }],
  );
}

/**
 * The client the payment is for: an account the admin found, or one made now for the person, with
 * no password yet (an address that already has an account is a 409: the admin searches for it).
 */
async function offlineClient({ auth, db, log }: Pick<OfflinePaymentsDeps, 'auth' | 'db' | 'log'>, client: OfflinePaymentInput['client']) {
  if (client.kind === 'existing') {
    if (!(await accountHolder({ db }, client.userId))) throw new AppError('validation', 'payments:admin.validation.client');
    return { userId: client.userId, invite: undefined };
  }
  const userId = await createAccountForClient({ auth, db, log }, client);
  if (!userId) throw new AppError('conflict', 'payments:admin.errors.emailTaken');
  return { userId, invite: { email: client.email, language: client.language } };
}

/**
 * A payment the firm took by hand (docs/product/rules.md, offline payments), recorded paid: it opens
 * the case or consultation, issues the invoice with the method and mails it exactly as an online
 * payment (openPaidService), in one transaction with its audit row. A case is priced as at checkout,
 * its catalogue price less the client's unused consultation credit, unless the admin sets what was
 * paid; a scheduled consultation opens without a time, which the firm then sets in Consultas.
 * Everything the input can be wrong about is refused before a new client's account is made; that
 * person is mailed the link to choose a password once the payment is recorded.
 */
export async function recordOfflinePayment(deps: OfflinePaymentsDeps, admin: Actor, input: OfflinePaymentInput, language: Language): Promise<RecordedPayment> {
  const { db, log } = deps;
  const now = deps.now();
  const offer = await serviceOffer({ db }, input.serviceId, language).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'notFound' ? new AppError('validation', 'payments:admin.validation.service') : error;
  });
  if (!offer.isOffered) throw new AppError('validation', 'services:errors.notOffered');
  if (offer.priceCents === null) throw new AppError('validation', 'payments:checkout.notPurchasable');
  if (offer.isFromPrice && input.amountCents === null) throw new AppError('validation', 'payments:admin.errors.amountRequired');
  const paidAt = input.paidOn === firmDay(now) ? now : startOfFirmDay(input.paidOn);
  // A new client has no profile yet: whether their invoice may be a simplified one is checked before their account is made.
  if (input.client.kind === 'new') assertInvoiceable({ missing: newClientMissing, terms: newClientTerms, amountCents: input.amountCents ?? offer.priceCents, language });
  const { userId, invite } = await offlineClient(deps, input.client);
  // The client's IVA terms, as at checkout: one who owes none is charged the base. What the firm took by hand
  // is the whole price, so no IRPF is taken as withheld from it (a business that withheld some is refunded or invoiced by hand).
  const recipient = await clientTaxTerms(deps, userId);
  const terms = { ...recipient.terms, withholdingPercent: null };
  const catalogue = { kind: offer.kind, priceCents: chargedPrice(offer.priceCents, terms.treatment), currency: offer.currency };

  const recorded = await db.transaction(async (tx) => {
    // The credit is taken under the same lock as a checkout's, so the two never both take it.
    await lockClientCredit(tx, userId);
    const credit = offer.kind === 'case' ? await findUnusedConsultationCredit(tx, userId, creditReservedSince(now)) : undefined;
    const credited = creditedCents(catalogue, credit);
    const amountCents = input.amountCents ?? catalogue.priceCents - credited;
    assertInvoiceable({ missing: recipient.missing, terms, amountCents, language });
    // The service is sold at what was paid plus the credit, so the invoice's lines add up to the payment.
    const details: ServiceDetails = {
      id: offer.id,
      kind: offer.kind,
      title: offer.title,
      priceCents: amountCents + credited,
      currency: offer.currency,
      tax: terms,
      inclusions: { governmentFee: offer.governmentFee, excludedCosts: offer.excludedCosts },
    };
    const payment = await insertPayment(tx, {
      userId,
      serviceId: offer.id,
      serviceDetails: details,
      amountCents,
      currency: offer.currency,
      creditedCents: credited,
      creditConsultationId: credited > 0 && credit ? credit.consultationId : null,
      paymentStatus: 'paid',
      provider: 'offline',
      providerSessionId: null,
      method: input.method,
      recordedBy: admin.id,
      paidAt,
    });
    const invoice = await openPaidService({ ...deps, db: tx }, payment, { paidAt, providerPaymentId: null });
    const client = await accountHolder({ db: tx }, userId);
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'PAYMENT_RECORD',
      targetTable: 'payments',
      targetId: payment.id,
      details: {
        name: client ? `${client.firstName} ${client.lastName}`.trim() : null,
        email: client?.email ?? null,
        title: offer.title,
        amount: { cents: amountCents, currency: offer.currency },
        method: input.method,
        paidOn: input.paidOn,
        reference: input.reference || null,
        invoice: invoice.number,
      },
    });
    return { paymentId: payment.id, invoice };
  });

  if (invite) {
    // The payment stands; a mail that could not be queued is asked for again from the sign-in page's 'forgot password'.
    await inviteToChoosePassword({ auth: deps.auth, db, log }, userId, invite.email, invite.language).catch((error: unknown) =>
      log.error({ err: error, userId }, 'the link to choose a password could not be mailed to a client the firm recorded a payment for'),
    );
  }
  return recorded;
}
