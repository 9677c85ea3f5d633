import type { FastifyBaseLogger } from 'fastify';
import { nextStepOf } from '#common/payments/next-step.ts';
import { cancelCase, keepSentFiles, openCase, type CasesDeps } from '#server/features/cases/cases.service.ts';
import {
  bookHeldSlot,
  cancelByFirm,
  checkCancellableByFirm,
  hasHoldExpired,
  heldSlot,
  holdSlot,
  releaseHold,
  type SlotBooking,
} from '#server/features/consultations/booking.service.ts';
import { openHiredConsultation } from '#server/features/consultations/consultations.service.ts';
import { withdrawalsOf, type EngagementTerms } from '#server/features/engagements/engagements.service.ts';
import { checkRectifiable, invoiceLinks, issueInvoice, issueRectifyingInvoice, type InvoicesDeps } from '#server/features/invoices/invoices.service.ts';
import type { PurchaseFulfilment } from '#server/features/payments/payments.service.ts';
import { quoteRequestFiles } from '#server/features/quotes/quotes.service.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import type { Clock } from '#server/platform/worker/worker.ts';

/** What fulfilment needs besides the payment's transaction: each feature's mails, the firm's hours and the clock. */
export type FulfilmentDeps = {
  log: FastifyBaseLogger;
  now: Clock;
  /** Where the files a translation quote's request was sent with are copied from into its case. */
  storage: Storage;
  /** What cancelling a case needs: the client's mail and their live panel. */
  cases: Pick<CasesDeps, 'mails' | 'realtime'>;
  /** The scheduled consultation's slot: the firm's hours and the appointment's mails. */
  booking: SlotBooking;
  /** What issues the invoices. */
  invoicing: Omit<InvoicesDeps, 'db'>;
  /** The engagement letter a checkout is accepted under, and mailed once paid. */
  engagements: EngagementTerms;
};

/**
 * What a payment buys, delivered (the use case a paid payment hands over to): the case or the
 * consultation it opens (a case with the files its quote's request was sent with), its invoice and
 * the booking of the slot its checkout held, each in the payment's transaction; and, before and after, the slot a checkout holds and what a refund cancels
 * and rectifies. The only place that knows the payments feature and the features it sells from.
 */
export function purchaseFulfilment({ log, now, storage, cases, booking, invoicing, engagements }: FulfilmentDeps): PurchaseFulfilment {
  return {
    holdSlot: (db, hold) => holdSlot({ db, openingHours: booking.openingHours }, hold),
    releaseSlot: (db, paymentId) => releaseHold({ db }, paymentId),
    heldSlot: (db, paymentId) => heldSlot({ db }, paymentId),
    hasSlotHoldLapsed: (db, paymentId, at) => hasHoldExpired({ db }, paymentId, at),

    async fulfil(db, { paymentId, userId, serviceId, kind, familyMembers, invoice, quoteId }) {
      const caseId = kind === 'case' ? await openCase({ db }, { userId, serviceId, familyMembers }) : undefined;
      if (caseId && quoteId) await keepSentFiles({ db, storage, log }, caseId, userId, await quoteRequestFiles({ db }, quoteId), now());
      const consultationId = kind === 'consultation' ? await openHiredConsultation({ db }, { userId, serviceId, paymentId }) : undefined;
      const issued = await issueInvoice({ db, ...invoicing }, { paymentId, userId, ...invoice, nextStep: nextStepOf({ kind, serviceId }) });
      if (consultationId) await bookHeldSlot({ db, mails: booking.mails, log }, { paymentId, consultationId, now: now() });
      await engagements.conclude(db, { paymentId, caseId: caseId ?? null, consultationId: consultationId ?? null });
      return { caseId, consultationId, invoice: issued };
    },

    async checkRefund(db, { paymentId, consultationId, isCancelling }) {
      if (isCancelling && consultationId) await checkCancellableByFirm({ db }, consultationId);
      await checkRectifiable({ db }, paymentId);
    },

    async refund(db, admin, { paymentId, refundId, amountCents, reason, caseId, consultationId, isCancelling }) {
      if (isCancelling) {
        if (caseId) await cancelCase({ db, ...cases }, admin, caseId, reason);
        if (consultationId) await cancelByFirm({ db, mails: booking.mails }, admin, consultationId, { reason, now: now() });
      }
      return issueRectifyingInvoice({ db, ...invoicing }, { paymentId, refundId, amountCents, reason });
    },

    invoiceLinks: (db, paymentIds) => invoiceLinks({ db }, paymentIds),

    async checkEngagement(db, { acceptance, ...check }) {
      const letter = await engagements.check(db, { ...check, acceptance });
      return (tx, { paymentId, actor }) => engagements.record(tx, { paymentId, actor, letter, acceptance });
    },

    withdrawals: (db, paymentIds) => withdrawalsOf({ db }, paymentIds),
  };
}
