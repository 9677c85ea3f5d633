import { Check, Info } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { formatMoney } from '#common/money.ts';
import type { PriceQuote } from '#common/payments/payments.contract.ts';
import { familyPackageDiscount } from '#common/services/offers.ts';
import { durationReading } from '#common/services/price-terms.ts';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { BrandSpinner } from '#web/components/layout/brand-spinner.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useSessionUser } from '#web/lib/session.ts';
import { usePriceQuote } from '#web/features/payments/api/payments.queries.ts';
import { useBillingParty } from '#web/features/payments/components/billing-party-fields.tsx';
import { useFamilyMembers } from '#web/features/payments/components/family-members-fields.tsx';
import { useServiceDocuments } from '#web/features/procedures/api/procedures.queries.ts';
import { RequestQuote } from '#web/features/quotes/components/request-quote.tsx';
import { useServiceCatalogue } from '#web/features/services/api/services.queries.ts';
import { HireButton } from '#web/features/services/components/hire-button.tsx';
import { useOfferPrice } from '#web/features/services/components/offer-card.tsx';
import { PriceInclusionsList } from '#web/features/services/components/price-inclusions.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

/** The service chosen on /servicios, in the address so that the link works before the page answers and after a sign-in. */
function useChosenServiceId(): string | null {
  const [search] = useSearchParams();
  return search.get('servicio');
}

/** What the amount includes: IVA within it, or why there is none, and the IRPF a Spanish business withholds (common/invoices/tax-rules.ts). */
function TaxNote({ quote }: { quote: PriceQuote }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const money = (cents: number) => formatMoney(cents, quote.currency, language);
  const { tax } = quote;
  return (
    <p className="mt-2 text-sm text-slate-700">
      {tax.treatment === 'subject' ? t('tax.subject', { vat: money(tax.vatCents) }) : t(`tax.${tax.treatment}`)}
      {tax.withholdingPercent ? <span className="block">{t('tax.withholding', { rate: tax.withholdingPercent, amount: money(tax.withholdingCents) })}</span> : null}
    </p>
  );
}

/** What the firm does for this service, the documents it will ask for and how long it usually takes, before the client decides. */
function OfferDetails({ offer }: { offer: ServiceOffer }) {
  const { t } = useTranslation('services');
  const duration = durationReading(offer);
  const documents = useServiceDocuments(offer.id).data ?? [];
  return (
    <>
      {offer.features.length > 0 ? (
        <>
          <h3 className="mt-6 font-semibold text-brand-900">{t('terms.work')}</h3>
          <ul className="mt-2 space-y-1 text-slate-700">
            {offer.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="mt-1 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {documents.length > 0 ? (
        <>
          <h3 className="mt-6 font-semibold text-brand-900">{t('terms.documents')}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {documents.map((document) => (
              <li key={document.title}>{document.isPerFamilyMember ? t('terms.perRelative', { title: document.title }) : document.title}</li>
            ))}
          </ul>
        </>
      ) : null}
      {duration ? <p className="mt-4 text-slate-700">{t(duration.key, { min: duration.min, max: duration.max })}</p> : null}
    </>
  );
}

/** What the profile still lacks for the invoice (Real Decreto 1619/2012, art. 6), with the way to fill it in; paying waits for it. */
function RecipientNotice({ missing }: { missing: PriceQuote['recipientMissing'] }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const fields = new Intl.ListFormat(language, { type: 'conjunction' }).format(missing.map((field) => t(`recipient.fields.${field}`)));
  return (
    <aside aria-labelledby="recipient-title" className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-800">
      <h3 id="recipient-title" className="font-semibold">
        {t('recipient.title')}
      </h3>
      <p className="mt-1 text-sm">{t('recipient.missing', { fields })}</p>
      <Button asChild className="mt-3">
        <Link to="/perfil">{t('recipient.completeProfile')}</Link>
      </Button>
    </aside>
  );
}

function PriceBreakdown({ quote }: { quote: PriceQuote }) {
  const { t } = useTranslation(['services', 'family-package']);
  const language = useLanguage();
  const money = (cents: number) => formatMoney(cents, quote.currency, language);
  return (
    <div className="mt-6">
      <dl className="space-y-2 rounded-lg bg-slate-50 p-4 text-slate-800">
        <div className="flex justify-between gap-4">
          <dt>{t('startCase.price')}</dt>
          <dd>{money(quote.priceCents)}</dd>
        </div>
        {quote.family ? (
          <div className="flex justify-between gap-4">
            <dt>{t('family-package:price.members', { count: quote.family.members, each: money(quote.family.memberCents) })}</dt>
            <dd>{money(quote.family.members * quote.family.memberCents)}</dd>
          </div>
        ) : null}
        {quote.creditedCents > 0 ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>{t('startCase.credit')}</dt>
            <dd>−{money(quote.creditedCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 font-semibold">
          <dt>{t('startCase.total')}</dt>
          <dd>{money(quote.amountCents)}</dd>
        </div>
      </dl>
      <TaxNote quote={quote} />
      {quote.creditedCents > 0 ? <p className="mt-2 text-sm text-slate-600">{t('startCase.creditNote')}</p> : null}
      {quote.family && quote.inclusions && quote.inclusions.governmentFee !== 'none' ? (
        <p className="mt-2 text-sm text-slate-600">{t(`family-package:price.feesNote.${quote.inclusions.governmentFee}`)}</p>
      ) : null}
    </div>
  );
}

/** /iniciar-tramite: the chosen case, the advice to consult first, and the button that hires it. */
export default function StartCasePage() {
  const { t } = useTranslation(['services', 'family-package']);
  const language = useLanguage();
  const serviceId = useChosenServiceId();
  const user = useSessionUser();
  const catalogue = useServiceCatalogue();
  const offer = catalogue.data?.find((candidate) => candidate.id === serviceId && candidate.kind === 'case' && candidate.priceCents !== null);
  const family = useFamilyMembers(offer?.familyMembers === 'subjects' ? 'subjects' : 'alongside');
  const quote = usePriceQuote(offer?.id ?? '', family.count, Boolean(user && offer && !offer.isFromPrice));
  const listPrice = useOfferPrice(offer ?? { priceCents: null, currency: 'eur', isFromPrice: false });
  const billingParty = useBillingParty();

  if (!serviceId) return <Navigate to="/servicios" replace />;
  if (catalogue.isPending) return <BrandSpinner />;
  if (!offer) return <Navigate to="/servicios" replace />;

  // The breakdown shows once something changes the list price: members added, a consultation's credit, or taxes other than the IVA within it.
  const priced =
    quote.data && (quote.data.creditedCents > 0 || quote.data.family || quote.data.tax.treatment !== 'subject' || quote.data.tax.withholdingPercent) ? quote.data : undefined;
  const missing = quote.data?.recipientMissing ?? [];
  const price = priced ? formatMoney(priced.amountCents, priced.currency, language) : listPrice;
  return (
    <>
      <PageMeta title={t('startCase.meta.title')} description={t('startCase.meta.description')} />
      <PageHeader title={t('startCase.title')} subtitle={t('startCase.subtitle')} />
      <section className="mx-auto max-w-3xl px-4 py-10 md:py-14">
        <article className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:p-8">
          <h2 className="text-2xl font-bold text-brand-900">{offer.title}</h2>
          <p className="mt-2 text-slate-700">{offer.description}</p>
          <p className="mt-4 text-2xl font-bold text-brand-800">{listPrice}</p>
          <p className="text-sm text-slate-600">{offer.priceDetails}</p>
          <PriceInclusionsList inclusions={offer} className="mt-2" />
          <p className="mt-2 text-sm text-slate-600">{t('startCase.priceIncludes')}</p>
          <OfferDetails offer={offer} />

          <aside aria-labelledby="important-title" className="mt-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-800">
            <Info className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" aria-hidden />
            <div>
              <h3 id="important-title" className="font-semibold">
                {t('startCase.importantTitle')}
              </h3>
              <p className="mt-1 text-sm">{t('startCase.importantText')}</p>
              <Link to="/servicios#consultas" className="mt-2 inline-block text-sm font-semibold text-brand-800 underline underline-offset-2">
                {t('startCase.consultationsLink')}
              </Link>
            </div>
          </aside>

          {offer.isFromPrice ? (
            // A 'from' price is never charged as such: the client asks for a quote and pays the firm's price.
            <RequestQuote serviceId={offer.id} returnTo={`/iniciar-tramite?servicio=${encodeURIComponent(offer.id)}`} />
          ) : (
            <>
              {offer.familyMembers === 'none' ? null : user ? (
                family.fields
              ) : (
                <p className="mt-6 text-sm text-slate-700">
                  {offer.familyMembers === 'subjects' ? t('family-package:subjects.signedOut') : t('family-package:start.signedOut', { discount: familyPackageDiscount })}
                </p>
              )}
              {priced ? <PriceBreakdown quote={priced} /> : null}
              {user ? billingParty.fields : null}

              {missing.length > 0 ? (
                <RecipientNotice missing={missing} />
              ) : (
                <HireButton
                  offer={offer}
                  label={t('startCase.hire', { price })}
                  returnTo={`/iniciar-tramite?servicio=${encodeURIComponent(offer.id)}`}
                  size="lg"
                  className="mt-8"
                  extras={() => {
                    const billing = billingParty.billing();
                    const familyMembers = family.members();
                    return billing === null || familyMembers === null ? null : { billing, familyMembers };
                  }}
                />
              )}
            </>
          )}
          <Button asChild variant="ghost" className="mt-3 w-full">
            <Link to="/servicios#expedientes">{t('startCase.back')}</Link>
          </Button>
        </article>
      </section>
    </>
  );
}
