import { Calculator, FileSignature, Landmark, Search, ShieldCheck, Stamp, type LucideIcon } from 'lucide-react';
import { propertyPurchaseServiceId } from '#common/services/offers.ts';
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

/** The property purchase's start page, where its 'from' price asks the firm for a quote (as every procedure page leads to its own). */
const startPage = `/iniciar-tramite?servicio=${encodeURIComponent(propertyPurchaseServiceId)}`;

function CallToAction({ isCentred = false }: { isCentred?: boolean }) {
  const { t } = useTranslation('property');
  return (
    <div className={isCentred ? 'flex flex-wrap justify-center gap-3' : 'flex flex-wrap gap-3'}>
      <Button asChild variant="accent" size="lg">
        <Link to={startPage}>{t('cta.hire')}</Link>
      </Button>
      <Button asChild variant="outline" size="lg">
        <Link to="/contacto">{t('cta.primary')}</Link>
      </Button>
    </div>
  );
}

/** Why the firm will ask for an identity document and the origin of the funds (Ley 10/2010), said before anyone hires. */
function IdentificationNote() {
  const { t } = useTranslation('property');
  return (
    <aside aria-labelledby="property-identification-title" className="mt-8 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-800">
      <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" aria-hidden />
      <div>
        <h2 id="property-identification-title" className="font-semibold">
          {t('identification.title')}
        </h2>
        <p className="mt-1 text-sm">{t('identification.text')}</p>
      </div>
    </aside>
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
        <div className="mt-8">
          <CallToAction />
        </div>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-14 md:py-16">
        <p className="text-lg leading-relaxed text-slate-700">{t('intro')}</p>
        <IdentificationNote />
      </div>
      <Benefits />
      <section aria-labelledby="property-cta-title" className="mx-auto max-w-3xl px-4 py-14 text-center md:py-20">
        <h2 id="property-cta-title" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {t('cta.title')}
        </h2>
        <p className="mt-3 text-slate-600">{t('cta.text')}</p>
        <div className="mt-8">
          <CallToAction isCentred />
        </div>
      </section>
    </>
  );
}
