import { splitVat, vatRatePercent } from './invoice-amounts.ts';

/**
 * Who pays IVA on the firm's legal services, kept as data the owner confirms with the firm's tax
 * adviser (docs/decisions/052-iva-by-residence-and-complete-invoices.md). Today's defaults, each with its
 * source (Ley 37/1992 del IVA, arts. 69 and 90; Real Decreto 1619/2012, art. 6.1.m; the tax
 * agency's binding ruling V0057-15; IRPF: Ley 35/2006, art. 101.5, and Real Decreto 439/2007,
 * art. 95). Published prices include IVA at 21 %; a client who owes none pays the base.
 */

/** The member states of the European Union (ISO 3166-1 alpha-2; Greece is GR here, EL in the VAT number). */
export const euCountries = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/** Whether the client buys as a private person or as a business (a company or a self-employed professional). */
export const buyerKinds = ['private', 'business'] as const;
export type BuyerKind = (typeof buyerKinds)[number];

/** Where the client lives or is established, as the rules tell places apart. */
type Residence = 'spain' | 'eu' | 'outsideEu';

/**
 * How an invoice treats IVA: charged at 21 % ('subject'), not subject to Spanish IVA because the
 * service is located elsewhere ('notSubject'), or self-accounted by the business that buys it in
 * another member state ('reverseCharge'). VeriFactu calls the first S1 and the other two N2.
 */
export const taxTreatments = ['subject', 'notSubject', 'reverseCharge'] as const;
export type TaxTreatment = (typeof taxTreatments)[number];

/** The words an invoice must carry for its treatment (invoices:legends.*, printed in Spanish and the client's language). */
export const taxLegends = ['notSubjectArt69Dos', 'notSubjectArt69Uno', 'reverseCharge'] as const;
type TaxLegend = (typeof taxLegends)[number];

export type TaxRule = {
  residence: Residence;
  buyer: BuyerKind;
  treatment: TaxTreatment;
  legend: TaxLegend | null;
  /** IRPF is withheld by the client, when the firm invoices as a self-employed professional (the setting, off by default). */
  isWithholdingDue: boolean;
  source: string;
};

/** The table itself: one row per place and kind of client. */
export const taxRules: readonly TaxRule[] = [
  { residence: 'spain', buyer: 'private', treatment: 'subject', legend: null, isWithholdingDue: false, source: 'Ley 37/1992, arts. 69.Uno.2º and 90' },
  {
    residence: 'spain',
    buyer: 'business',
    treatment: 'subject',
    legend: null,
    isWithholdingDue: true,
    source: 'Ley 37/1992, arts. 69.Uno.1º and 90; IRPF: Ley 35/2006, art. 101.5, Real Decreto 439/2007, art. 95',
  },
  { residence: 'eu', buyer: 'private', treatment: 'subject', legend: null, isWithholdingDue: false, source: 'Ley 37/1992, arts. 69.Uno.2º and 90' },
  {
    residence: 'eu',
    buyer: 'business',
    treatment: 'reverseCharge',
    legend: 'reverseCharge',
    isWithholdingDue: false,
    source: 'Ley 37/1992, art. 69.Uno.1º; Directive 2006/112/EC, arts. 44 and 196; Real Decreto 1619/2012, art. 6.1.m',
  },
  {
    residence: 'outsideEu',
    buyer: 'private',
    treatment: 'notSubject',
    legend: 'notSubjectArt69Dos',
    isWithholdingDue: false,
    source: 'Ley 37/1992, art. 69.Dos.e; Dirección General de Tributos, binding ruling V0057-15',
  },
  { residence: 'outsideEu', buyer: 'business', treatment: 'notSubject', legend: 'notSubjectArt69Uno', isWithholdingDue: false, source: 'Ley 37/1992, art. 69.Uno.1º' },
];

function residenceOf(country: string): Residence {
  if (country === 'ES') return 'spain';
  return (euCountries as readonly string[]).includes(country) ? 'eu' : 'outsideEu';
}

/** The rule for a client living in `country` (ISO 3166-1 alpha-2) who buys as `buyer`. */
export function taxRuleFor(country: string, buyer: BuyerKind): TaxRule {
  const residence = residenceOf(country);
  const rule = taxRules.find((candidate) => candidate.residence === residence && candidate.buyer === buyer);
  if (!rule) throw new Error(`no tax rule for ${residence} ${buyer}`);
  return rule;
}

/** How the firm invoices: as a company (no IRPF withheld) or as a self-employed professional, and at what rate then. */
export type FirmTaxSetting = { withholdingPercent: number | null };

/** What a client is taxed: the treatment, its legend, and the IRPF rate withheld (null when none). */
export type TaxTerms = { treatment: TaxTreatment; legend: TaxLegend | null; withholdingPercent: number | null };

export function taxTermsFor(country: string, buyer: BuyerKind, firm: FirmTaxSetting): TaxTerms {
  const rule = taxRuleFor(country, buyer);
  return { treatment: rule.treatment, legend: rule.legend, withholdingPercent: rule.isWithholdingDue ? firm.withholdingPercent : null };
}

/**
 * What the client is charged for a published price (which includes IVA at 21 %): the price itself
 * when IVA is charged, its base when it is not (never a tax the firm does not owe).
 */
export function chargedPrice(publishedCents: number, treatment: TaxTreatment): number {
  return treatment === 'subject' ? publishedCents : splitVat(publishedCents).baseCents;
}

export type InvoiceAmounts = {
  baseCents: number;
  vatRatePercent: number;
  vatCents: number;
  /** The invoice's total: the base and the IVA. */
  totalCents: number;
  withholdingPercent: number | null;
  withholdingCents: number;
  /** What the client pays: the total less the IRPF they withhold. */
  payableCents: number;
};

/**
 * Splits what the invoice's lines add up to (each already at its charged price, `chargedPrice`)
 * into base, IVA and IRPF withheld, to the cent: IVA is the rest of a price that includes it, the
 * IRPF is the rate of the base rounded half away from zero, and a refund's negative sum splits like a positive one.
 */
export function invoiceAmounts(linesCents: number, terms: Pick<TaxTerms, 'treatment' | 'withholdingPercent'>): InvoiceAmounts {
  const { baseCents, vatCents } = terms.treatment === 'subject' ? splitVat(linesCents) : { baseCents: linesCents, vatCents: 0 };
  const sign = baseCents < 0 ? -1 : 1;
  const withholdingCents = terms.withholdingPercent ? sign * Math.round((Math.abs(baseCents) * terms.withholdingPercent) / 100) : 0;
  return {
    baseCents,
    vatRatePercent: terms.treatment === 'subject' ? vatRatePercent : 0,
    vatCents,
    totalCents: linesCents,
    withholdingPercent: terms.withholdingPercent,
    withholdingCents,
    payableCents: linesCents - withholdingCents,
  };
}

/**
 * Real Decreto 1619/2012, art. 4.1: a simplified invoice may be issued up to 400 € IVA included; the
 * product issues one only then, to a client taxed at 21 %, and only when the client's identity or
 * address is not on file (an invoice that has them is complete, art. 6): an offline payment the firm
 * records for such a client. A checkout always asks for them first.
 */
export const simplifiedInvoiceLimitCents = 40_000;
