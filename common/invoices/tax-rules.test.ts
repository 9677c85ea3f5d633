import { describe, expect, it } from 'vitest';
import { chargedPrice, invoiceAmounts, taxRuleFor, taxRules, taxTermsFor } from './tax-rules.ts';

const asCompany = { withholdingPercent: null };
const asProfessional = { withholdingPercent: 15 };

describe('the IVA rules', () => {
  it('has one rule for each place and kind of client, each with its source', () => {
    const keys = taxRules.map((rule) => `${rule.residence}/${rule.buyer}`);
    expect(new Set(keys).size).toBe(6);
    for (const rule of taxRules) expect(rule.source).toMatch(/Ley 37\/1992/);
  });

  // Spain, France, Morocco and Colombia, private and business: the documented treatment (docs/decisions/052).
  it.each([
    ['ES', 'private', 'subject', null],
    ['ES', 'business', 'subject', null],
    ['FR', 'private', 'subject', null],
    ['FR', 'business', 'reverseCharge', 'reverseCharge'],
    ['MA', 'private', 'notSubject', 'notSubjectArt69Dos'],
    ['MA', 'business', 'notSubject', 'notSubjectArt69Uno'],
    ['CO', 'private', 'notSubject', 'notSubjectArt69Dos'],
    ['CO', 'business', 'notSubject', 'notSubjectArt69Uno'],
  ] as const)('a client in %s buying as %s: %s, legend %s', (country, buyer, treatment, legend) => {
    expect(taxRuleFor(country, buyer)).toMatchObject({ treatment, legend });
  });

  it('withholds IRPF only from a Spanish business, and only when the firm invoices as a professional', () => {
    expect(taxTermsFor('ES', 'business', asCompany).withholdingPercent).toBeNull();
    expect(taxTermsFor('ES', 'business', asProfessional).withholdingPercent).toBe(15);
    expect(taxTermsFor('ES', 'private', asProfessional).withholdingPercent).toBeNull();
    expect(taxTermsFor('FR', 'business', asProfessional).withholdingPercent).toBeNull();
  });

  it('charges the published price when IVA is owed, and its base when it is not', () => {
    expect(chargedPrice(30_000, 'subject')).toBe(30_000);
    expect(chargedPrice(30_000, 'notSubject')).toBe(24_793);
    expect(chargedPrice(30_000, 'reverseCharge')).toBe(24_793);
    expect(chargedPrice(1999, 'notSubject')).toBe(1652);
  });

  it('splits an invoice to the cent: IVA within, none, or IRPF withheld from the base', () => {
    expect(invoiceAmounts(30_000, { treatment: 'subject', withholdingPercent: null })).toEqual({
      baseCents: 24_793,
      vatRatePercent: 21,
      vatCents: 5207,
      totalCents: 30_000,
      withholdingPercent: null,
      withholdingCents: 0,
      payableCents: 30_000,
    });
    expect(invoiceAmounts(24_793, { treatment: 'notSubject', withholdingPercent: null })).toEqual({
      baseCents: 24_793,
      vatRatePercent: 0,
      vatCents: 0,
      totalCents: 24_793,
      withholdingPercent: null,
      withholdingCents: 0,
      payableCents: 24_793,
    });
    // 300 € to a Spanish business of a professional: 247.93 base, 52.07 IVA, 37.19 IRPF withheld, 262.81 paid.
    expect(invoiceAmounts(30_000, { treatment: 'subject', withholdingPercent: 15 })).toMatchObject({ baseCents: 24_793, vatCents: 5207, withholdingCents: 3719, payableCents: 26_281 });
    // A refund splits like the payment, with the opposite sign.
    expect(invoiceAmounts(-30_000, { treatment: 'subject', withholdingPercent: 15 })).toMatchObject({ baseCents: -24_793, vatCents: -5207, withholdingCents: -3719, payableCents: -26_281 });
  });
});
