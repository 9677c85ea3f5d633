import { Info, Languages, ScrollText, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { contactOfferId, familyPackageDiscount } from '#common/services/offers.ts';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useServiceCatalogue } from '#web/features/services/api/services.queries.ts';
import { OfferCard } from '#web/features/services/components/offer-card.tsx';
import { cn } from '#web/lib/cn.ts';
import { hydrateOnIntent } from '#web/lib/hydrate-on-intent.tsx';
import { bookingStep } from './booking-step.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

function ServicesSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-16 py-14 md:py-20', className)}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900 md:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-slate-600">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

// Their code loads when the visitor is about to use them: the form's library, its checks and the
// upload; hiring's session, checkout and sign-in prompt.
const HireButton = hydrateOnIntent(() => import('#web/features/services/components/hire-button.tsx').then((module) => module.HireButton));
const TranslationRequestForm = hydrateOnIntent(() =>
  import('#web/features/translations/components/translation-request-form.tsx').then((module) => module.TranslationRequestForm),
);

/**
 * A consultation is hired from its card; a case first shows its start page (/iniciar-tramite);
 * the other-procedures entry leads to the contact page.
 */
function OfferAction({ offer }: { offer: ServiceOffer }) {
  const { t } = useTranslation('services');
  if (offer.id === contactOfferId || offer.priceCents === null) {
    return (
      <Button asChild variant="outline" className="w-full">
        <Link to="/contacto">{t('actions.requestQuote')}</Link>
      </Button>
    );
  }
  if (offer.kind === 'consultation') {
    // The scheduled consultation is booked on a free slot before paying.
    const booking = offer.id === scheduledConsultationType ? bookingStep : undefined;
    return <HireButton offer={offer} label={t('actions.hireConsultation')} returnTo="/servicios#consultas" booking={booking} />;
  }
  return (
    <Button asChild className="w-full">
      <Link to={`/iniciar-tramite?servicio=${encodeURIComponent(offer.id)}`}>
        {t('actions.hireCase')}
      </Link>
    </Button>
  );
}

function OfferGrid({ offers, className }: { offers: readonly ServiceOffer[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6', className)}>
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferCard offer={offer} action={<OfferAction offer={offer} />} />
        </li>
      ))}
    </ul>
  );
}

const consultationGrid = 'md:grid-cols-2';
const caseGrid = 'sm:grid-cols-2 xl:grid-cols-4';

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700">
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
      <p>{children}</p>
    </div>
  );
}

/**
 * The offers come from the server: while they load, their cards' room is kept (so nothing below
 * moves when they arrive); if they cannot be read, a message says so.
 */
function CatalogueState({ isPending, cards, className }: { isPending: boolean; cards: number; className: string }) {
  const { t } = useTranslation('services');
  if (!isPending) {
    return (
      <p role="alert" className="text-red-800">
        {t('loadError')}
      </p>
    );
  }
  return (
    <div role="status">
      <span className="sr-only">{t('loading')}</span>
      <ul aria-hidden className={cn('grid gap-6', className)}>
        {Array.from({ length: cards }, (_, index) => (
          <li key={index} className="h-[26rem] rounded-xl bg-slate-100 motion-safe:animate-pulse" />
        ))}
      </ul>
    </div>
  );
}

function TranslationKind({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex items-center gap-3">
        {icon}
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      </div>
      <p className="mt-3 text-slate-700">{description}</p>
    </li>
  );
}

function TranslationsSection() {
  const { t } = useTranslation('services');
  return (
    <ServicesSection id="traducciones" title={t('translations.title')} intro={t('translations.intro')}>
      <ul className="grid gap-6 md:grid-cols-2">
        <TranslationKind
          icon={<ScrollText className="h-6 w-6 text-brand-700" aria-hidden />}
          title={t('translations.sworn.title')}
          description={t('translations.sworn.description')}
        />
        <TranslationKind
          icon={<Languages className="h-6 w-6 text-brand-700" aria-hidden />}
          title={t('translations.standard.title')}
          description={t('translations.standard.description')}
        />
      </ul>
      <Button asChild size="lg" className="mt-8">
        <Link to="/traducciones/presupuesto">{t('translations.cta')}</Link>
      </Button>
      <div className="mt-10 max-w-3xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <TranslationRequestForm />
      </div>
    </ServicesSection>
  );
}

function FamilyPackage() {
  const { t } = useTranslation('services');
  return (
    <article className="flex flex-col gap-6 rounded-xl bg-brand-800 p-6 text-white md:flex-row md:items-center md:justify-between md:p-10">
      <div className="flex gap-4">
        <Users className="h-10 w-10 shrink-0 text-accent-400" aria-hidden />
        <div>
          <h3 className="text-xl font-bold">{t('packages.family.title')}</h3>
          <p className="mt-2 text-lg font-semibold text-accent-400">
            {t('packages.family.headline', { discount: familyPackageDiscount })}
          </p>
          <p className="mt-2 max-w-2xl text-brand-50">{t('packages.family.description')}</p>
          <p className="mt-2 text-sm text-brand-100">{t('packages.family.note')}</p>
        </div>
      </div>
      <Button asChild variant="accent" size="lg" className="shrink-0">
        <Link to="/contacto">{t('packages.family.cta')}</Link>
      </Button>
    </article>
  );
}

export default function ServicesPage() {
  // The hire buttons speak 'payments': load it with the page, not once the catalogue arrives.
  const { t } = useTranslation(['services', 'payments']);
  const catalogue = useServiceCatalogue();
  const consultationOffers = catalogue.data?.filter((offer) => offer.kind === 'consultation');
  const caseOffers = catalogue.data?.filter((offer) => offer.kind === 'case');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader title={t('header.title')} subtitle={t('header.subtitle')} />

      <ServicesSection id="consultas" title={t('consultations.title')} intro={t('consultations.intro')}>
        {consultationOffers ? (
          <OfferGrid offers={consultationOffers} className={consultationGrid} />
        ) : (
          <CatalogueState isPending={catalogue.isPending} cards={2} className={consultationGrid} />
        )}
        <Notice>{t('consultations.discountNote')}</Notice>
      </ServicesSection>

      <ServicesSection id="expedientes" title={t('cases.title')} intro={t('cases.intro')} className="bg-slate-50">
        {caseOffers ? (
          <OfferGrid offers={caseOffers} className={caseGrid} />
        ) : (
          <CatalogueState isPending={catalogue.isPending} cards={8} className={caseGrid} />
        )}
      </ServicesSection>

      <TranslationsSection />

      <ServicesSection id="paquetes" title={t('packages.title')} className="bg-slate-50">
        <FamilyPackage />
      </ServicesSection>
    </>
  );
}
