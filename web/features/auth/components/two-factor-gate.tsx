import { ShieldCheck } from 'lucide-react';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

/** What an admin without a second factor sees instead of the back office, until it is set up. */
export function TwoFactorGate() {
  const { t } = useTranslation('auth');
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 md:py-14">
      <PageMeta title={t('twoFactor.gateTitle')} description={t('twoFactor.gateDescription')} />
      <div className="flex items-center gap-3">
        <ShieldCheck className="h-7 w-7 text-brand-700" aria-hidden />
        <h1 className="text-3xl font-bold text-brand-900">{t('twoFactor.gateTitle')}</h1>
      </div>
      <p className="mt-2 text-slate-700">{t('twoFactor.gateDescription')}</p>
      <p className="mt-2 text-sm text-slate-700">{t('twoFactor.description')}</p>
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <TwoFactorSetup />
      </div>
    </section>
  );
}
