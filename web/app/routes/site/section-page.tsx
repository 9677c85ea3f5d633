import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import type { SectionId } from '#common/sections/section-addresses.ts';
import type { SectionPage as SectionPageData } from '#common/sections/sections.contract.ts';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useSectionPage } from '#web/features/sections/api/sections.queries.ts';
import { CaseSteps } from '#web/features/sections/components/case-steps.tsx';
import { DocumentChecklist } from '#web/features/sections/components/document-checklist.tsx';
import { FaqList } from '#web/features/sections/components/faq-list.tsx';
import { LegalTerms } from '#web/features/sections/components/legal-terms.tsx';
import { PriceBox } from '#web/features/sections/components/price-box.tsx';
import { ProcedureLinks } from '#web/features/sections/components/procedure-links.tsx';
import { SectionBlock } from '#web/features/sections/components/section-block.tsx';
import { StructuredData } from '#web/features/sections/components/structured-data.tsx';
import { TextBlocks } from '#web/features/sections/components/text-blocks.tsx';
import { offerPrice } from '#web/features/sections/offer-price.ts';
import { hydrateOnIntent } from '#web/lib/hydrate-on-intent.tsx';
import { bookingStep } from './booking-step.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

// Hiring's session, checkout and sign-in prompt load when the visitor reaches for the button.
const HireButton = hydrateOnIntent(() => import('#web/features/services/components/hire-button.tsx').then((module) => module.HireButton));

/** Where the page's main button leads: hiring its case, a quote, the translation quote or the expatriation consultation. */
function MainAction({ page }: { page: SectionPageData }) {
  const { t } = useTranslation(['sections', 'services']);
  const language = useLanguage();
  const { kind } = page;
  const price = page.offer ? offerPrice(page.offer, language, (amount) => t('services:price.from', { price: amount })) : null;
  const [to, label] =
    kind === 'translations'
      ? ['/traducciones/presupuesto', t('cta.translationQuote')]
      : kind === 'expatriation'
        ? ['/expatriacion/consulta', t('cta.expatriation')]
        : kind === 'hub'
          ? ['/servicios#expedientes', t('cta.allServices')]
          : page.offer && price !== null && !page.offer.isFromPrice
            ? [`/iniciar-tramite?servicio=${encodeURIComponent(page.offer.id)}`, t('cta.hire', { price })]
            : ['/contacto', t('cta.quote')];
  return (
    <Button asChild size="lg" variant="accent">
      <Link to={to}>{label}</Link>
    </Button>
  );
}

/** Booking the scheduled consultation from the page, as on /servicios: a free slot, then the payment. */
function BookConsultation({ page }: { page: SectionPageData }) {
  const { t } = useTranslation(['sections', 'services', 'payments']);
  const language = useLanguage();
  const offer = page.consultations.find((candidate) => candidate.id === scheduledConsultationType);
  const price = offer ? offerPrice(offer, language, (amount) => t('services:price.from', { price: amount })) : null;
  if (!offer || price === null) return null;
  return <HireButton offer={offer} label={t('cta.book', { price })} returnTo={page.path} size="lg" className="sm:w-auto" booking={bookingStep} />;
}

function Actions({ page }: { page: SectionPageData }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      <MainAction page={page} />
      <BookConsultation page={page} />
    </div>
  );
}

function Breadcrumb({ page }: { page: SectionPageData }) {
  const { t } = useTranslation('sections');
  return (
    <nav aria-label={t('breadcrumb.label')} className="text-sm text-brand-50">
      <ol className="flex flex-wrap items-center gap-1">
        {page.breadcrumb.map((crumb) => (
          <li key={crumb.path} className="flex items-center gap-1">
            <Link to={crumb.path} className="underline underline-offset-2 hover:text-white">
              {crumb.title}
            </Link>
            <span aria-hidden>›</span>
          </li>
        ))}
        <li aria-current="page">{page.texts.title}</li>
      </ol>
    </nav>
  );
}

function Hero({ page }: { page: SectionPageData }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
      <div className="mx-auto max-w-4xl px-4 py-10 md:py-16">
        <Breadcrumb page={page} />
        <h1 className="mt-4 text-3xl font-bold tracking-tight md:text-5xl">{page.texts.title}</h1>
        <p className="mt-4 text-lg text-brand-50 md:text-xl">{page.texts.summary}</p>
        <div className="mt-8">
          <Actions page={page} />
        </div>
      </div>
    </section>
  );
}

function EndActions({ page }: { page: SectionPageData }) {
  const { t } = useTranslation('sections');
  return (
    <section aria-labelledby="next-step-title" className="bg-brand-50 py-12">
      <div className="mx-auto max-w-4xl px-4">
        <h2 id="next-step-title" className="text-2xl font-bold text-slate-900">
          {t('cta.endTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{t('cta.endText')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('cta.discount')}</p>
        <div className="mt-6">
          <Actions page={page} />
        </div>
        <p className="mt-6 text-slate-700">{t('cta.chat')}</p>
      </div>
    </section>
  );
}

/** What the price block says of a page without a price, by what the page leads to. */
const withoutPriceText = { hub: 'price.onQuoteText', procedure: 'price.onQuoteText', translations: 'price.translationText', expatriation: 'price.expatriationText' } as const;

function Section({ page }: { page: SectionPageData }) {
  const { t } = useTranslation('sections');
  const language = useLanguage();
  const { kind } = page;
  // Written only in Spanish: the firm's words are marked as such, for screen readers and translators.
  const textLanguage = page.language === language ? undefined : page.language;
  const blocks: Array<{ id: string; title: string; content: ReactNode; isShown: boolean }> = [
    { id: 'tramites', title: t('headings.procedures'), content: <ProcedureLinks links={page.children} />, isShown: page.children.length > 0 },
    { id: 'para-quien', title: t('headings.audience'), content: <TextBlocks text={page.texts.audience} />, isShown: true },
    { id: 'requisitos', title: t('headings.requirements'), content: <TextBlocks text={page.texts.requirements} />, isShown: true },
    { id: 'documentos', title: t('headings.documents'), content: <DocumentChecklist procedures={page.procedures} />, isShown: page.procedures.length > 0 },
    { id: 'precio', title: t('headings.price'), content: <PriceBox offer={page.offer} withoutPrice={{ title: t('price.onQuote'), text: t(withoutPriceText[kind]) }} />, isShown: kind !== 'hub' },
    { id: 'como-trabajamos', title: t('headings.approach'), content: <TextBlocks text={page.texts.approach} />, isShown: true },
    { id: 'pasos', title: t('headings.steps'), content: <CaseSteps stages={page.stages} />, isShown: page.stages.length > 0 },
    { id: 'plazos', title: t('headings.terms'), content: <LegalTerms terms={page.terms} />, isShown: page.terms.length > 0 },
    { id: 'preguntas', title: t('headings.faq'), content: <FaqList faq={page.texts.faq} />, isShown: page.texts.faq.length > 0 },
  ];
  return (
    <>
      <PageMeta title={page.texts.title} description={page.texts.summary} />
      <StructuredData data={page.structuredData} />
      <div lang={textLanguage}>
        <Hero page={page} />
        {textLanguage ? (
          <p lang={language} className="mx-auto max-w-4xl px-4 pt-6 text-sm text-slate-600">
            {t('spanishOnly')}
          </p>
        ) : null}
        {blocks
          .filter((block) => block.isShown)
          .map((block, index) => (
            <SectionBlock key={block.id} id={block.id} title={block.title} className={index % 2 === 1 ? 'bg-slate-50' : undefined}>
              {block.content}
            </SectionBlock>
          ))}
      </div>
      <EndActions page={page} />
    </>
  );
}

/** One of the ten section pages (common/sections/section-addresses.ts), drawn from its data in the site's language. */
export default function SectionPage({ sectionId }: { sectionId: SectionId }) {
  const { t } = useTranslation('sections');
  const { data: page, error, refetch, isFetching } = useSectionPage(sectionId);
  if (error) {
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
        <p role="alert" className="text-slate-700">
          {t('loadError')}
        </p>
        <Button className="mt-6" disabled={isFetching} onClick={() => void refetch()}>
          {t('actions.retry', { ns: 'common' })}
        </Button>
      </section>
    );
  }
  if (!page) {
    return (
      <div role="status" className="mx-auto max-w-4xl px-4 py-12">
        <span className="sr-only">{t('loading')}</span>
        <div aria-hidden className="h-40 rounded-xl bg-slate-100 motion-safe:animate-pulse" />
      </div>
    );
  }
  return <Section page={page} />;
}
