import { intlLocales, type Language } from './i18n/languages.ts';

/**
 * An amount held as integer cents, written the way the language writes money:
 * '19,99 €', '€19.99', '19,99 €'. Whole amounts drop the cents ('150 €'). The one way every
 * price, payment and e-mail shows money.
 */
export function formatMoney(cents: number, currency: string, language: Language): string {
  const fractionDigits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(intlLocales[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(cents / 100);
}
