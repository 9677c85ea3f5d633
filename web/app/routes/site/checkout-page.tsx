import { FlaskConical } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { firmTimeZone } from '#common/long-date.ts';
import { formatMoney } from '#common/money.ts';
import { paidResultSearch, paymentResultPath, paymentResults } from '#common/payments/payment-result.ts';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { QueryState } from '#web/components/ui/query-state.tsx';
import { appointmentClock, madridDate } from '#web/features/consultations/appointment-time.ts';
import { PriceInclusionsList } from '#web/features/services/components/price-inclusions.tsx';
import { useFinishTestCheckout, useTestCheckout } from '#web/features/payments/api/payments.queries.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/**
 * /checkout: the built-in test provider's payment page (only while no Stripe key is set). 'Pagar'
 * completes the payment exactly as the provider's webhook would; 'Cancelar' cancels it.
 */
export default function CheckoutPage() {
  const { t } = useTranslation(['payments', 'family-package', 'booking']);
  const language = useLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const sessionId = search.get('session') ?? '';
  const checkout = useTestCheckout(sessionId);
  const finish = useFinishTestCheckout(sessionId, { failureTitle: t('checkout.failed') });
  const money = (cents: number) => formatMoney(cents, checkout.data?.currency ?? 'eur', language);

  const act = (action: 'pay' | 'cancel') =>
    finish.mutate(action, {
      onSuccess: () => {
        // The same return addresses as the provider's session (payments.service.ts).
        const search =
          action === 'pay' && checkout.data
            ? paidResultSearch({ kind: checkout.data.kind, serviceId: checkout.data.serviceId })
            : `?payment=${action === 'pay' ? paymentResults.success : paymentResults.cancelled}`;
        void navigate(`${paymentResultPath}${search}`, { replace: true });
      },
    });

  const unavailable = (
    <div className="mt-8">
      <p role="alert" className="text-red-800">
        {t('checkout.unavailable')}
      </p>
      <Button asChild variant="outline" className="mt-4">
        <Link to="/servicios">{t('checkout.backToServices')}</Link>
      </Button>
    </div>
  );
  return (
    <section className="mx-auto max-w-xl px-4 py-10 md:py-14">
      <PageMeta title={t('checkout.meta.title')} description={t('checkout.meta.description')} />
      <h1 className="text-3xl font-bold text-brand-900">{t('checkout.title')}</h1>
      <div role="note" aria-labelledby="test-mode-title" className="mt-6 flex gap-3 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-950">
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div>
          <p id="test-mode-title" className="font-bold uppercase tracking-wide">
            {t('checkout.testModeTitle')}
          </p>
          <p className="mt-1 text-sm">{t('checkout.testModeText')}</p>
        </div>
      </div>

      {sessionId ? (
        <QueryState query={checkout} loading={t('checkout.loading')} failure={unavailable} className="mt-8">
          {(data) => (
            <div className="mt-8 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <dl className="space-y-3 text-slate-800">
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">{t('checkout.service')}</dt>
                  <dd className="text-right font-semibold">
                    {data.title}
                    {data.inclusions ? <PriceInclusionsList inclusions={data.inclusions} className="mt-1 font-normal" /> : null}
                  </dd>
                </div>
                {data.booking ? (
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">{t('checkout.appointment')}</dt>
                    <dd className="text-right">
                      <span className="block first-letter:uppercase">
                        {t('checkout.appointmentAt', {
                          date: madridDate(new Date(data.booking.startsAt), language, true),
                          time: appointmentClock(new Date(data.booking.startsAt), language, firmTimeZone).madrid,
                        })}
                      </span>
                      <span className="block">{t(`booking:modes.${data.booking.meetingMode}`)}</span>
                    </dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">{t('checkout.price')}</dt>
                  <dd>{money(data.priceCents)}</dd>
                </div>
                {data.family ? (
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">{t('family-package:checkout.members', { count: data.family.members, each: money(data.family.memberCents) })}</dt>
                    <dd>{money(data.family.members * data.family.memberCents)}</dd>
                  </div>
                ) : null}
                {data.creditedCents > 0 ? (
                  <div className="flex justify-between gap-4 text-green-800">
                    <dt>{t('checkout.credit')}</dt>
                    <dd>−{money(data.creditedCents)}</dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold">
                  <dt>{t('checkout.total')}</dt>
                  <dd>{money(data.amountCents)}</dd>
                </div>
              </dl>
              {data.status === 'pending' ? (
                <div className="mt-6 flex flex-col gap-3 sm:flex-row">
                  <Button
                    size="lg"
                    className="flex-1"
                    disabled={finish.isPending}
                    isBusy={finish.isPending && finish.variables === 'pay'}
                    busyLabel={t('checkout.busy')}
                    onClick={() => act('pay')}
                  >
                    {t('checkout.pay')}
                  </Button>
                  <Button size="lg" variant="outline" className="flex-1" disabled={finish.isPending} onClick={() => act('cancel')}>
                    {t('checkout.cancel')}
                  </Button>
                </div>
              ) : (
                <p role="status" className="mt-6 text-slate-700">
                  {data.status === 'paid' ? t('checkout.alreadyPaid') : t('checkout.unavailable')}
                </p>
              )}
            </div>
          )}
        </QueryState>
      ) : (
        unavailable
      )}
    </section>
  );
}
