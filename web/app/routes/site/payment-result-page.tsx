import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paidResultSearch, paymentResults, purchaseFrom } from '#common/payments/payment-result.ts';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

function Result({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center text-center">
      {icon}
      <h1 className="mt-6 text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-3 max-w-md text-slate-700">{text}</p>
      <div className="mt-8">{action}</div>
    </div>
  );
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
          text={t('result.successText')}
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
