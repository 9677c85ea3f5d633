import { describe, it, expect } from 'vitest';
import { formatMoney, formatMoneyWithCode } from './money.ts';

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
});

describe('formatMoneyWithCode', () => {
  it('writes the currency code of a payment record in capitals', () => {
    expect(normaliseSpaces(formatMoneyWithCode(1999, 'eur', 'es'))).toBe('19,99 EUR');
    expect(normaliseSpaces(formatMoneyWithCode(15000, 'eur', 'en'))).toBe('EUR 150.00');
  });
});
