import type { BillingParty, FamilyMember, InvoiceLineDraft, PaymentMethod } from '#common/billing/billing-vocabulary.ts';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import type { Booking } from '#common/consultations/booking.contract.ts';
import type { EngagementAcceptance } from '#common/engagements/engagements.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { InvoiceLink } from '#common/invoices/invoices.contract.ts';
import type { TaxTerms } from '#common/invoices/tax-rules.ts';
import type { ServiceKind } from '#common/services/services.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { Actor } from '#server/platform/actor.ts';

/** A payment just paid, as it is handed over: who bought what, and the lines its invoice lists. */
type PaidPurchase = {
  paymentId: string;
  userId: string;
  serviceId: string;
  kind: ServiceKind;
  familyMembers: FamilyMember[];
  /** The quote it pays, if any: a translation quote's case keeps the files sent with its request. */
  quoteId: string | null;
  /** `tax`: the IVA terms the payment was charged under (null before they were kept: 21 % IVA). */
  invoice: { lines: InvoiceLineDraft[]; currency: string; method: PaymentMethod; billing: BillingParty | null; tax: TaxTerms | null };
};

/** What a paid payment opened, and its invoice. */
type FulfilledPurchase = { caseId: number | undefined; consultationId: string | undefined; invoice: InvoiceLink };

/** A refund being recorded, as it is handed over: what it gives back, and whether the admin chose to cancel what the payment opened. */
type RefundedPurchase = {
  paymentId: string;
  refundId: string;
  amountCents: number;
  reason: string;
  caseId: number | null;
  consultationId: string | null;
  isCancelling: boolean;
};

/**
 * Everything the payments feature asks of what is sold. Payments keeps the money (checkouts, their
 * settlement, credits, refunds); the case or consultation a payment opens, the slot its checkout
 * holds and its invoices belong to other features, which payments reaches only through this
 * interface: the fulfilment feature implements it and the composition root hands it in, so payments
 * imports none of them and none of them imports payments. Every call taking a transaction runs in
 * the payment's.
 */
export type PurchaseFulfilment = {
  /** Holds a scheduled consultation's chosen slot for a checkout being opened (a 400 if it is no longer free). */
  holdSlot(
    tx: Db,
    hold: { paymentId: string; booking: Booking; now: Date; supersedes: { paymentIds: string[]; clientAddress: string } },
  ): Promise<void>;
  /** A checkout that was not paid gives its slot back. */
  releaseSlot(tx: Db, paymentId: string): Promise<void>;
  /** The slot and way this payment's checkout holds, if it holds one. */
  heldSlot(db: Db, paymentId: string): Promise<Booking | null>;
  /** Whether this payment's checkout held a slot that has since been given up. */
  hasSlotHoldLapsed(db: Db, paymentId: string, now: Date): Promise<boolean>;
  /** Opens the case or the consultation, issues and mails the invoice, and books the slot the checkout held. */
  fulfil(tx: Tx, purchase: PaidPurchase): Promise<FulfilledPurchase>;
  /** Refuses a refund that could not be recorded: cancelling a completed consultation, or a payment without its invoice or whose invoice was cancelled. */
  checkRefund(db: Db, refund: Pick<RefundedPurchase, 'paymentId' | 'consultationId' | 'isCancelling'>): Promise<void>;
  /** Cancels what the payment opened if the admin chose so, and issues and mails the rectifying invoice. */
  refund(tx: Tx, admin: Actor, refund: RefundedPurchase): Promise<InvoiceLink>;
  /** The invoices of each of these payments, for the payment lists. */
  invoiceLinks(db: Db, paymentIds: string[]): Promise<Map<string, InvoiceLink[]>>;
  /**
   * Renders again the engagement letter a checkout is accepted under and compares it with what the client
   * accepted (a 409 if it changed since it was read), before the provider's session is made; answers how
   * to record the acceptance in the payment's transaction.
   */
  checkEngagement(db: Db, check: EngagementCheck): Promise<(tx: Tx, payment: { paymentId: string; actor: Actor }) => Promise<void>>;
  /** When the client withdrew from the engagement letter of each of these payments that has a withdrawal, for the Pagos tab. */
  withdrawals(db: Db, paymentIds: string[]): Promise<Map<string, Date>>;
};

/** What the checkout hands over of the engagement letter: who accepts it, for what price, in which language, and what they sent. */
type EngagementCheck = {
  user: SessionUser;
  price: { serviceId: string; title: string; amountCents: number; currency: string };
  language: Language;
  acceptance: EngagementAcceptance;
};
