import { Calculator, FileSignature, Landmark, Search, Stamp, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

const benefits = [
  { key: 'legalReview', icon: Search },
  { key: 'contracts', icon: FileSignature },
  { key: 'notary', icon: Stamp },
  { key: 'taxes', icon: Calculator },
  { key: 'registry', icon: Landmark },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

function AssessmentCallButton() {
  const { t } = useTranslation('property');
  return (
    <Button asChild variant="accent" size="lg">
      <Link to="/contacto">{t('cta.primary')}</Link>
    </Button>
  );
}

function Benefits() {
  const { t } = useTranslation('property');
  return (
    <section aria-labelledby="property-benefits-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
        <h2 id="property-benefits-title" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {t('benefits.title')}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`benefits.${key}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`benefits.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function PropertyPurchasePage() {
  const { t } = useTranslation('property');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <div className="mt-8 flex flex-wrap gap-3">
          <AssessmentCallButton />
        </div>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-14 md:py-16">
        <p className="text-lg leading-relaxed text-slate-700">{t('intro')}</p>
      </div>
      <Benefits />
      <section aria-labelledby="property-cta-title" className="mx-auto max-w-3xl px-4 py-14 text-center md:py-20">
        <h2 id="property-cta-title" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {t('cta.title')}
        </h2>
        <p className="mt-3 text-slate-600">{t('cta.text')}</p>
        <div className="mt-8">
          <AssessmentCallButton />
        </div>
      </section>
    </>
  );
}
