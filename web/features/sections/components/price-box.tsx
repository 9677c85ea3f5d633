import type { ServiceOffer } from '#common/services/services.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { offerPrice } from '../offer-price.ts';

/** The price of the page's service and what it includes, as the catalogue says; without one, how it is priced. */
export function PriceBox({ offer, withoutPrice }: { offer: ServiceOffer | null; withoutPrice: { title: string; text: string } }) {
  const { t } = useTranslation(['sections', 'services']);
  const language = useLanguage();
  const price = offer ? offerPrice(offer, language, (amount) => t('services:price.from', { price: amount })) : null;
  if (!offer || price === null) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <p className="text-2xl font-bold text-brand-800">{withoutPrice.title}</p>
        <p className="mt-2 text-slate-700">{withoutPrice.text}</p>
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="text-lg font-semibold text-slate-900">{offer.title}</p>
      <p className="mt-2 text-3xl font-bold text-brand-800">{price}</p>
      <p className="mt-1 text-sm text-slate-600">{offer.priceDetails}</p>
      <p className="mt-4 text-slate-700">{offer.description}</p>
      <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700 marker:text-brand-700">
        {offer.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </div>
  );
}
