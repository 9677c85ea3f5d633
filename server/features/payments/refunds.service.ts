import { randomUUID } from 'node:crypto';
import type { Language } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import type { RecordedPayment, RefundInput } from '#common/payments/payments.admin.contract.ts';
import type { Tx } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { accountHolder } from '#server/features/auth/auth.service.ts';
import { PaymentProviderError } from '#server/integrations/payments/payment-provider.ts';
import type { Actor } from '#server/platform/actor.ts';
import { creditReservedSince, type PaymentsDeps, type ServiceDetails } from './payments.service.ts';
import { isCreditReserved, isCreditTaken, lockClientCredit, type PaymentRow } from './payments.repository.ts';
import { findPayment, insertRefund, lockPayment, updateRefunded } from './refunds.repository.ts';

export type RefundsDeps = Pick<PaymentsDeps, 'db' | 'provider' | 'log' | 'now' | 'fulfilment'>;

/**
 * Whether this refund may be made of this payment, checked before the provider is asked and again
 * under the client's credit lock and the payment's: a paid payment, no more than what remains of it,
 * a consultation whose fee no case has taken (the client would get it back twice) nor an open case
 * checkout holds as its credit (refused until it is paid or closes, decisions/020), something left to
 * cancel when asked to, and the invoice its rectifying invoice corrects.
 */
async function checkRefund(
  { db, fulfilment }: Pick<RefundsDeps, 'db' | 'fulfilment'>,
  payment: PaymentRow,
  input: RefundInput,
  { language, now }: { language: Language; now: Date },
): Promise<void> {
  if (payment.paymentStatus !== 'paid') throw new AppError('conflict', 'payments:admin.errors.notRefundable');
  const remainingCents = payment.amountCents - payment.refundedCents;
  if (input.amountCents > remainingCents) {
    throw new AppError('validation', 'payments:admin.errors.tooMuch', {}, { remaining: formatMoney(remainingCents, payment.currency, language) });
  }
  if (payment.consultationId && (await isCreditTaken(db, payment.consultationId, payment.id))) {
    throw new AppError('conflict', 'payments:admin.errors.creditTaken');
  }
  if (payment.consultationId && (await isCreditReserved(db, payment.consultationId, creditReservedSince(now)))) {
    throw new AppError('conflict', 'payments:admin.errors.creditReserved');
  }
  await fulfilment.checkRefund(db, { paymentId: payment.id, consultationId: payment.consultationId, isCancelling: input.outcome === 'cancel' });
}

/**
 * Gives the money back through whoever took it: the provider (Stripe, or the test provider, which
 * only records it), or nobody for an offline payment, which the firm gives back by hand. A provider
 * that refuses or cannot be reached is a 502 that says so, and nothing is written.
 */
async function giveBack({ provider, log }: Pick<RefundsDeps, 'provider' | 'log'>, payment: PaymentRow, amountCents: number, refundId: string): Promise<string | null> {
  if (payment.provider === 'offline') return null;
  if (provider?.kind !== payment.provider) throw new AppError('paymentsUnavailable', 'payments:admin.errors.providerGone');
  try {
    return (await provider.refund({ payment, amountCents, refundId })).providerRefundId;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn({ paymentId: payment.id, refundId, err: error }, 'the payment provider refused a refund');
    throw new AppError('paymentProvider', 'payments:admin.errors.providerRefused');
  }
}

/**
 * An admin's refund of a paid payment, whole or in part (docs/product/rules.md, refunds): the
 * provider gives the money back first, outside any transaction; then, in one transaction under the
 * client's credit lock and the payment's (so two refunds at once never give back more than was paid,
 * and a checkout never takes a credit being refunded), the checks again, the
 * refund, what remains, the case or consultation cancelled if the admin chose so, the rectifying
 * invoice mailed to the client, and the audit row.
 */
export async function refundPayment(deps: RefundsDeps, admin: Actor, paymentId: string, input: RefundInput, language: Language): Promise<RecordedPayment> {
  const { db, log } = deps;
  const payment = await findPayment(db, paymentId);
  if (!payment) throw new AppError('notFound');
  await checkRefund(deps, payment, input, { language, now: deps.now() });
  const refundId = randomUUID();
  const providerRefundId = await giveBack(deps, payment, input.amountCents, refundId);
  try {
    return await db.transaction(async (tx) => {
      // A consultation's fee is the client's credit: its refund waits for any checkout or settlement taking it.
      await lockClientCredit(tx, payment.userId);
      const locked = await lockPayment(tx, paymentId);
      if (!locked) throw new AppError('notFound');
      await checkRefund({ ...deps, db: tx }, locked, input, { language, now: deps.now() });
      return await recordRefund({ ...deps, db: tx }, admin, locked, { ...input, refundId, providerRefundId });
    });
  } catch (error) {
    if (providerRefundId && payment.provider === 'stripe') {
      log.error({ paymentId, refundId, providerRefundId, err: error }, 'Stripe gave the money back but the refund could not be recorded: reconcile it by hand');
    }
    throw error;
  }
}

async function recordRefund(
  deps: Omit<RefundsDeps, 'db'> & { db: Tx },
  admin: Actor,
  payment: PaymentRow,
  refund: RefundInput & { refundId: string; providerRefundId: string | null },
): Promise<RecordedPayment> {
  const { db } = deps;
  const { refundId, amountCents, reason, outcome } = refund;
  const refundedCents = payment.refundedCents + amountCents;
  await insertRefund(db, { id: refundId, paymentId: payment.id, amountCents, reason, outcome, providerRefundId: refund.providerRefundId, createdBy: admin.id });
  await updateRefunded(db, payment.id, { refundedCents, paymentStatus: refundedCents === payment.amountCents ? 'refunded' : 'paid' });
  const invoice = await deps.fulfilment.refund(db, admin, {
    paymentId: payment.id,
    refundId,
    amountCents,
    reason,
    caseId: payment.caseId,
    consultationId: payment.consultationId,
    isCancelling: outcome === 'cancel',
  });
  const client = await accountHolder({ db }, payment.userId);
  await recordAudit({ db }, {
    actor: admin,
    action: 'PAYMENT_REFUND',
    targetTable: 'payments',
    targetId: payment.id,
    details: {
      name: client ? `${client.firstName} ${client.lastName}`.trim() : null,
      title: (payment.serviceDetails as ServiceDetails).title,
      amount: { cents: amountCents, currency: payment.currency },
      reason,
      outcome,
      caseId: payment.caseId,
      invoice: invoice.number,
    },
  });
  return { paymentId: payment.id, invoice };
}
