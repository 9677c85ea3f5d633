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

/** An amount as the back office types it: whole euros, optionally a comma or point and one or two cents digits. */
const typedEurosPattern = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * The integer cents of an amount typed in euros ('150', '150,5', '150,50', '150.50 €'), or null when
 * the text is no such amount (thousands separators included, as '1.500' could be read two ways).
 * The one place typed money becomes cents.
 */
export function eurosToCents(text: string): number | null {
  const match = typedEurosPattern.exec(text.replace(/[\s€]/g, ''));
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as an amount to edit, in the language's decimal mark and without grouping: '150', '150,50', '150.50'. */
export function centsToEuros(cents: number, language: Language): string {
  const fractionDigits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(intlLocales[language], {
    useGrouping: false,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(cents / 100);
}

/** An amount always with its cents ('150,00 €'), as invoices write them. */
export function formatExactMoney(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(intlLocales[language], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}
