import { ArrowRight, BadgeEuro, Clock, Handshake, House, IdCard, Languages, MessagesSquare, Plane, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LatestNews } from '#web/features/news/components/latest-news.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

const serviceCards = [
  { key: 'foreigners', to: '/extranjeria', icon: IdCard },
  { key: 'property', to: '/compraventa', icon: House },
  { key: 'translations', to: '/traducciones', icon: Languages },
  { key: 'expatriation', to: '/expatriacion', icon: Plane },
] as const;

const trustPoints = [
  { key: 'languages', icon: MessagesSquare },
  { key: 'reply', icon: Clock },
  { key: 'fees', icon: BadgeEuro },
  { key: 'support', icon: Handshake },
] as const;

/** The whole card is clickable through its title link, which keeps a short accessible name. */
function ServiceCard({ title, description, to, icon: Icon }: { title: string; description: string; to: string; icon: LucideIcon }) {
  const { t } = useTranslation('home');
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600">
      <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">
        <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-none">
          {title}
        </Link>
      </h3>
      <p className="mt-2 text-slate-600">{description}</p>
      <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-800" aria-hidden>
        {t('services.more')}
        <ArrowRight className="h-4 w-4" />
      </span>
    </article>
  );
}

function ServicesOverview() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-services-title" className="mx-auto max-w-6xl px-4 py-14 md:py-20">
      <h2 id="home-services-title" className="text-2xl font-bold text-slate-900 md:text-3xl">
        {t('services.title')}
      </h2>
      <p className="mt-3 max-w-3xl text-slate-600">{t('services.subtitle')}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {serviceCards.map((card) => (
          <li key={card.key}>
            <ServiceCard
              title={t(`services.${card.key}.title`)}
              description={t(`services.${card.key}.description`)}
              to={card.to}
              icon={card.icon}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TrustPoints() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-trust-title" className="bg-brand-50">
      <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
        <h2 id="home-trust-title" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {t('trust.title')}
        </h2>
        <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {trustPoints.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Icon className="h-8 w-8 text-brand-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">{t(`trust.${key}.title`)}</h3>
              <p className="mt-1 text-slate-700">{t(`trust.${key}.description`)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-start gap-4 rounded-xl bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between">
          <p className="text-lg text-slate-800">{t('trust.ctaText')}</p>
          <Button asChild size="lg" className="shrink-0">
            <Link to="/contacto">{t('trust.cta')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <Button asChild variant="accent" size="lg" className="mt-8">
          <Link to="/contacto">{t('hero.cta')}</Link>
        </Button>
      </PageHeader>
      <ServicesOverview />
      <LatestNews />
      <TrustPoints />
    </>
  );
}
