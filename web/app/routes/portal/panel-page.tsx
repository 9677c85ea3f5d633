import { useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paymentResults, purchaseFrom, type Purchase } from '#common/payments/payment-result.ts';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useSessionUser } from '#web/lib/session.ts';
import { IdentificationRequests } from '#web/features/aml/components/identification-requests.tsx';
import { SignOutButton } from '#web/features/auth/components/sign-out-button.tsx';
import { casesKeys } from '#web/features/cases/api/cases.queries.ts';
import { consultationsKeys } from '#web/features/consultations/api/consultations.queries.ts';
import { paymentsKeys } from '#web/features/payments/api/payments.queries.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { CasesTab, ConsultationsTab, PaymentsTab, QuotesTab } from './panel-tabs.tsx';

/**
 * Back from a paid checkout (?payment=success): the success toast, fresh data, and the parameters
 * gone; what was bought (kind and service) is kept to open its tab and point at it.
 */
function usePaymentSuccessReturn(): Purchase | null {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const isPaymentSuccess = search.get('payment') === paymentResults.success;
  const [purchase] = useState(() => (isPaymentSuccess ? purchaseFrom(search) : null));
  useEffect(() => {
    if (!isPaymentSuccess) return;
    toast({ title: t('success.title'), description: t('success.description'), variant: 'success', duration: 5000 });
    for (const queryKey of [casesKeys.all, consultationsKeys.all, paymentsKeys.all]) void queryClient.invalidateQueries({ queryKey });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['payment', 'kind', 'service']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [isPaymentSuccess, queryClient, setSearch, t]);
  return purchase;
}

const tabTriggerClass =
  'rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:text-brand-900 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';

/** The client's home: greeting, profile and sign-out, and the tabs of cases, consultations and payments. */
export default function PanelPage() {
  const { t } = useTranslation('portal');
  const user = useSessionUser();
  const purchase = usePaymentSuccessReturn();
  // A mail's link names the case it is about (`?expediente=EXP-001`): its tab and its item open.
  const [search] = useSearchParams();
  const mailedCase = search.get('expediente') ?? undefined;
  const [tab, setTab] = useState(purchase?.kind === 'consultation' && !mailedCase ? 'consultations' : 'cases');
  const name = user?.firstName || t('panel.defaultName');
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 md:py-14">
      <PageMeta title={t('panel.title')} description={t('panel.intro')} />
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">{t('panel.welcome', { name })}</h1>
          <p className="mt-2 text-slate-700">{t('panel.intro')}</p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/perfil">
              <UserRound className="h-4 w-4" aria-hidden />
              {t('panel.profile')}
            </Link>
          </Button>
          <SignOutButton />
        </div>
      </div>
      <IdentificationRequests />
      <Tabs.Root value={tab} onValueChange={setTab} className="mt-10">
        <Tabs.List aria-label={t('panel.tabsLabel')} className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="cases" className={tabTriggerClass}>
            {t('panel.tabs.cases')}
          </Tabs.Trigger>
          <Tabs.Trigger value="consultations" className={tabTriggerClass}>
            {t('panel.tabs.consultations')}
          </Tabs.Trigger>
          <Tabs.Trigger value="payments" className={tabTriggerClass}>
            {t('panel.tabs.payments')}
          </Tabs.Trigger>
          <Tabs.Trigger value="quotes" className={tabTriggerClass}>
            {t('panel.tabs.quotes')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="cases" className="pt-6">
          <CasesTab boughtServiceId={purchase?.kind === 'case' ? purchase.serviceId : undefined} openedDisplayId={mailedCase} />
        </Tabs.Content>
        <Tabs.Content value="consultations" className="pt-6">
          <ConsultationsTab boughtServiceId={purchase?.kind === 'consultation' ? purchase.serviceId : undefined} />
        </Tabs.Content>
        <Tabs.Content value="payments" className="pt-6">
          <PaymentsTab />
        </Tabs.Content>
        <Tabs.Content value="quotes" className="pt-6">
          <QuotesTab />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
