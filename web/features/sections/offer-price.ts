import type { Language } from '#common/i18n/languages.ts';
import { formatMoney } from '#common/money.ts';
import type { ServiceOffer } from '#common/services/services.contract.ts';

/** A priced offer's amount in the language's way ('500 €', '€500'), with 'from' where it is a starting price. */
export function offerPrice(offer: Pick<ServiceOffer, 'priceCents' | 'currency' | 'isFromPrice'>, language: Language, from: (price: string) => string): string | null {
  if (offer.priceCents === null) return null;
  const price = formatMoney(offer.priceCents, offer.currency, language);
  return offer.isFromPrice ? from(price) : price;
}
