import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney } from '#common/money.ts';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { PriceInclusionsList } from './price-inclusions.tsx';

/** '19,99 €', 'Desde 150 €' or the quote wording, in the visitor's language. */
export function useOfferPrice(offer: Pick<ServiceOffer, 'priceCents' | 'currency' | 'isFromPrice'>): string {
  const { t } = useTranslation('services');
  const language = useLanguage();
  if (offer.priceCents === null) return t('price.onQuote');
  const price = formatMoney(offer.priceCents, offer.currency, language);
  return offer.isFromPrice ? t('price.from', { price }) : price;
}

/** One consultation or case offer as the catalogue describes it. */
export function OfferCard({ offer, action }: { offer: ServiceOffer; action: ReactNode }) {
  const price = useOfferPrice(offer);
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{offer.title}</h3>
      <p className={cn('mt-3 font-bold text-brand-800', offer.priceCents === null ? 'text-2xl' : 'text-3xl')}>{price}</p>
      <p className="mt-1 text-sm text-slate-600">{offer.priceDetails}</p>
      {offer.priceCents === null ? null : <PriceInclusionsList inclusions={offer} className="mt-1" />}
      <p className="mt-4 text-slate-700">{offer.description}</p>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {offer.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">{action}</div>
    </article>
  );
}
