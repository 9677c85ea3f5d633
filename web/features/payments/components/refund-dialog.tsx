import { zodResolver } from '@hookform/resolvers/zod';
import { Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { refundOutcomes } from '#common/billing/billing-vocabulary.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { formatMoney } from '#common/money.ts';
import { refundInputSchema, type RefundInput } from '#common/payments/payments.admin.contract.ts';
import type { AdminPaymentRow } from '#common/payments/payments.contract.ts';
import { EurosInput } from '#web/components/form/euros-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { applyServerIssues } from '#web/lib/server-issues.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useRefundPayment } from '../api/payments.admin.queries.ts';

/** What the payment opened, as the choice of its fate names it. */
function openedKind(payment: AdminPaymentRow): 'case' | 'consultation' | null {
  if (payment.caseId !== null) return 'case';
  return payment.consultationId !== null ? 'consultation' : null;
}

function RefundForm({ payment, onDone }: { payment: AdminPaymentRow; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'payments']);
  const language = useLanguage();
  const outcomeName = useId();
  const refund = useRefundPayment(payment.id, { failureTitle: t('payments.refund.error') });
  const [review, setReview] = useState<RefundInput | null>(null);
  const money = (cents: number) => formatMoney(cents, payment.currency, language);
  const remainingCents = payment.amountCents - payment.refundedCents;
  const opened = openedKind(payment);
  const form = useForm<z.input<typeof refundInputSchema>, unknown, RefundInput>({
    resolver: zodResolver(refundInputSchema),
    // A payment that opened nothing (its case deleted since) has nothing to cancel.
    defaultValues: { amountCents: remainingCents, reason: '', ...(opened ? {} : { outcome: 'keep_open' }) },
  });
  const { errors } = form.formState;

  if (review) {
    const confirm = () =>
      refund.mutate(review, {
        onSuccess: ({ invoice }) => {
          toast({ title: t('payments.refund.success', { number: invoice.number }), variant: 'success' });
          onDone();
        },
        onError: (error) => {
          setReview(null);
          applyServerIssues(error, form.setError);
        },
      });
    return (
      <div className="space-y-4">
        <h3 className="font-semibold text-slate-900">{t('payments.refund.confirmTitle')}</h3>
        <p className="text-slate-800">{t('payments.refund.confirm', { amount: money(review.amountCents), name: payment.client.name })}</p>
        {opened ? <p className="text-slate-800">{t('payments.refund.confirmOutcome', { outcome: t(`payments.outcomes.${review.outcome}`) })}</p> : null}
        <p className="text-sm text-slate-700">{t(payment.provider === 'offline' ? 'payments.refund.byHand' : 'payments.refund.viaProvider')}</p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setReview(null)} disabled={refund.isPending}>
            {t('payments.refund.back')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {t('payments.refund.confirmButton')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(setReview)}>
      <Controller
        control={form.control}
        name="amountCents"
        render={({ field }) => (
          <FormField label={t('payments.refund.amount')} hint={t('payments.refund.amountHint', { remaining: money(remainingCents) })} error={errors.amountCents?.message} isRequired>
            <EurosInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          </FormField>
        )}
      />
      <FormField label={t('payments.refund.reason')} hint={t('payments.refund.reasonHint')} error={errors.reason?.message} isRequired>
        <Textarea rows={3} maxLength={500} {...form.register('reason')} />
      </FormField>
      {opened ? (
        <fieldset className="space-y-2" aria-describedby={errors.outcome ? `${outcomeName}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-900">
            {t(`payments.refund.outcome.${opened}`, { caseId: payment.caseId === null ? '' : caseDisplayId(payment.caseId) })}
            <span className="ml-1 text-red-700" aria-hidden>
              *
            </span>
          </legend>
          {refundOutcomes.map((outcome) => (
            <label key={outcome} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="radio" value={outcome} className="mt-0.5 h-4 w-4 accent-brand-800" aria-required {...form.register('outcome')} />
              {t(`payments.refund.${outcome === 'keep_open' ? 'keepOpen' : 'cancel'}.${opened}`)}
            </label>
          ))}
          {errors.outcome?.message ? (
            <p id={`${outcomeName}-error`} role="alert" className="text-sm text-red-700">
              {t(errors.outcome.message)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit">{t('payments.refund.review')}</Button>
      </div>
    </form>
  );
}

/**
 * 'Reembolsar' on a paid payment: how much of what remains (all of it to begin with), why (printed
 * on the rectifying invoice), what becomes of the case or consultation it opened (always asked),
 * then a confirmation before any money moves.
 */
export function RefundDialog({ payment }: { payment: AdminPaymentRow }) {
  const { t } = useTranslation(['admin', 'payments']);
  const language = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const money = (cents: number) => formatMoney(cents, payment.currency, language);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('payments.refund.open', { name: payment.client.name })}>
        <Undo2 className="h-4 w-4" aria-hidden />
        {t('payments.refund.button')}
      </Button>
      <DialogContent
        title={t('payments.refund.title')}
        description={t('payments.refund.description', {
          service: payment.serviceTitle,
          name: payment.client.name,
          paid: money(payment.amountCents),
          remaining: money(payment.amountCents - payment.refundedCents),
        })}
      >
        {isOpen ? <RefundForm payment={payment} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
