import { describe, it, expect } from 'vitest';
import { centsToEuros, eurosToCents, formatMoney } from './money.ts';

/** Intl separates the symbol with a no-break or narrow no-break space depending on the ICU version. */
function normaliseSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

describe('formatMoney', () => {
  it('writes Spanish amounts with a decimal comma and the symbol after', () => {
    expect(normaliseSpaces(formatMoney(1999, 'EUR', 'es'))).toBe('19,99 €');
  });

  it('writes French amounts with a decimal comma and the symbol after', () => {
    expect(normaliseSpaces(formatMoney(3999, 'EUR', 'fr'))).toBe('39,99 €');
  });

  it('writes English amounts with the symbol first and a decimal point', () => {
    expect(formatMoney(1999, 'EUR', 'en')).toBe('€19.99');
  });

  it('drops the cents of whole amounts', () => {
    expect(normaliseSpaces(formatMoney(15000, 'EUR', 'es'))).toBe('150 €');
    expect(formatMoney(45000, 'EUR', 'en')).toBe('€450');
  });

  it('keeps a trailing zero in the cents', () => {
    expect(formatMoney(1050, 'EUR', 'en')).toBe('€10.50');
  });

  it('accepts the currency code in lower case, as payment records store it', () => {
    expect(formatMoney(500, 'eur', 'en')).toBe('€5');
  });

  it('writes a payment record with the symbol, never the code, in each language', () => {
    expect([30000, 28001].map((cents) => normaliseSpaces(formatMoney(cents, 'eur', 'es')))).toEqual(['300 €', '280,01 €']);
    expect([30000, 28001].map((cents) => formatMoney(cents, 'eur', 'en'))).toEqual(['€300', '€280.01']);
    expect([30000, 28001].map((cents) => normaliseSpaces(formatMoney(cents, 'eur', 'fr')))).toEqual(['300 €', '280,01 €']);
  });

  it('groups thousands as each language does', () => {
    expect(normaliseSpaces(formatMoney(123456, 'eur', 'es'))).toBe('1234,56 €');
    expect(formatMoney(123456, 'eur', 'en')).toBe('€1,234.56');
    expect(normaliseSpaces(formatMoney(123456, 'eur', 'fr'))).toBe('1 234,56 €');
  });
});

describe('eurosToCents', () => {
  it('reads whole euros and cents written with a comma or a point', () => {
    expect(['150', '150,5', '150,50', '150.50', '0', '0,99', '19,99 €', ' 1500 '].map(eurosToCents)).toEqual([15000, 15050, 15050, 15050, 0, 99, 1999, 150000]);
  });

  it('refuses what is not one amount: empty, negative, three decimals, thousands separators, words', () => {
    expect(['', '-5', '150,505', '1.500,00', '1.500', '1 500,00x', 'ciento', '15e2', '12,', ',50'].map(eurosToCents)).toEqual(Array(10).fill(null));
  });
});

describe('centsToEuros', () => {
  it('writes an amount to edit without grouping, in the decimal mark of the language', () => {
    expect([centsToEuros(15000, 'es'), centsToEuros(15050, 'es'), centsToEuros(123456, 'fr'), centsToEuros(123456, 'en')]).toEqual(['150', '150,50', '1234,56', '1234.56']);
  });

  it('gives back what eurosToCents reads', () => {
    for (const cents of [0, 5, 99, 1999, 3999, 15000, 999999]) expect(eurosToCents(centsToEuros(cents, 'es'))).toBe(cents);
  });
});
