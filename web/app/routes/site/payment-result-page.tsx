import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import { firmTimeZone } from '#common/long-date.ts';
import { nextStepOf } from '#common/payments/next-step.ts';
import { paidResultSearch, paymentResults, purchaseFrom, type Purchase } from '#common/payments/payment-result.ts';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useMyConsultations } from '#web/features/consultations/api/consultations.queries.ts';
import { appointmentClock, madridDate } from '#web/features/consultations/appointment-time.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

function Result({ icon, title, text, action }: { icon: ReactNode; title: string; text: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center text-center">
      {icon}
      <h1 className="mt-6 text-3xl font-bold text-brand-900">{title}</h1>
      <div className="mt-3 max-w-md text-slate-700">{text}</div>
      <div className="mt-8">{action}</div>
    </div>
  );
}

/** The consultation just booked: its one day, time and way, and the calendar file; until the payment settles, what will come. */
function BookedAppointment() {
  const { t } = useTranslation(['payments', 'booking']);
  const language = useLanguage();
  const consultations = useMyConsultations();
  if (consultations.isPending) return null;
  // Newest first: the first booked one is the one just paid.
  const booked = consultations.data?.find((row) => row.type === scheduledConsultationType && row.status === 'pendiente' && row.scheduledAt);
  if (!booked?.scheduledAt) return <p>{t('result.next.bookedPending')}</p>;
  const at = new Date(booked.scheduledAt);
  return (
    <section aria-labelledby="booked-appointment" className="rounded-lg border border-slate-200 bg-white p-4 text-left">
      <h2 id="booked-appointment" className="font-semibold text-brand-900">
        {t('result.next.appointmentTitle')}
      </h2>
      <p className="mt-2 font-semibold first-letter:uppercase">
        {t('checkout.appointmentAt', { date: madridDate(at, language, true), time: appointmentClock(at, language, firmTimeZone).madrid })}
      </p>
      {booked.meetingMode ? <p>{t(`booking:modes.${booked.meetingMode}`)}</p> : null}
      <p className="mt-2">{t('result.next.booked')}</p>
      {booked.meetingMode === 'video' && !booked.videoUrl ? <p className="mt-2 text-sm">{t('result.next.bookedVideo')}</p> : null}
      <p className="mt-3">
        <a href={`/api/consultations/${booked.id}/calendar`} download className="font-semibold text-brand-800 underline underline-offset-2">
          {t('booking:panel.addToCalendar')}
        </a>
      </p>
    </section>
  );
}

/** What really happens next for what was bought (common/payments/next-step.ts). */
function NextStep({ purchase }: { purchase: Purchase | null }) {
  const { t } = useTranslation('payments');
  const step = purchase ? nextStepOf(purchase) : null;
  if (step === 'booked') return <BookedAppointment />;
  return <p>{t(step ? `result.next.${step}` : 'result.successText')}</p>;
}

/** Where checkout returns: ?payment=success or cancelled; any other value is still being processed. */
export default function PaymentResultPage() {
  const { t } = useTranslation('payments');
  const [search] = useSearchParams();
  const payment = search.get('payment');
  if (!payment) return <Navigate to="/servicios" replace />;
  const purchase = purchaseFrom(search);
  const panelSearch = purchase ? paidResultSearch(purchase) : `?payment=${paymentResults.success}`;

  return (
    <section className="mx-auto max-w-2xl px-4 py-16 md:py-24">
      <PageMeta title={t('result.meta.title')} description={t('result.meta.description')} />
      {payment === paymentResults.success ? (
        <Result
          icon={<CircleCheck className="h-20 w-20 animate-fade-up text-green-700" aria-hidden />}
          title={t('result.successTitle')}
          text={<NextStep purchase={purchase} />}
          action={
            <Button asChild size="lg">
              {/* The panel opens the tab of what was just bought (kind and service travel along). */}
              <Link to={`/panel${panelSearch}`}>{t('result.toPanel')}</Link>
            </Button>
          }
        />
      ) : payment === paymentResults.cancelled ? (
        <Result
          icon={<CircleX className="h-20 w-20 text-slate-500" aria-hidden />}
          title={t('result.cancelledTitle')}
          text={t('result.cancelledText')}
          action={
            <Button asChild size="lg" variant="outline">
              <Link to="/servicios">{t('result.toServices')}</Link>
            </Button>
          }
        />
      ) : (
        <div role="status" className="flex flex-col items-center gap-4">
          <span className="h-12 w-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-800" aria-hidden />
          <h1 className="text-2xl font-semibold text-brand-900">{t('result.processing')}</h1>
        </div>
      )}
    </section>
  );
}
