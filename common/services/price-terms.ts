// What a service's price includes and leaves out, as data the firm sets per service (the Servicios
// tab): the one source the card, the start page, the checkout and the invoice say it from. Plain
// values with no schema, so a public page that shows the offers loads no validation code.

/** The administration's fee (tasa) of the client's own application: in the price, paid apart, or none for this service. */
export const governmentFees = ['included', 'separate', 'none'] as const;
export type GovernmentFee = (typeof governmentFees)[number];

/** Costs some procedures meet that the firm's price never covers, named so the client is not surprised. */
export const excludedCosts = ['consularFee', 'swornTranslations', 'legalisations', 'examFees'] as const;
export type ExcludedCost = (typeof excludedCosts)[number];

/**
 * Whether the client adds relatives at checkout, and as whom: none; relatives who take the same
 * procedure alongside the client, each with their own application (the family package); or the
 * relatives the case is for (family reunification: the client brings them, one application each).
 * Either way each relative adds half the fee (common/payments/family-package.contract.ts).
 */
export const familyMemberRoles = ['none', 'alongside', 'subjects'] as const;
export type FamilyMemberRole = (typeof familyMemberRoles)[number];

export type PriceTerms = {
  governmentFee: GovernmentFee;
  excludedCosts: ExcludedCost[];
  familyMembers: FamilyMemberRole;
  /** How long the procedure typically takes, from hiring to the decision, in weeks; null when the firm states none. */
  durationMinWeeks: number | null;
  durationMaxWeeks: number | null;
};

/** The typical duration as a catalog key and its values: weeks up to two months, months beyond. */
export function durationReading(terms: Pick<PriceTerms, 'durationMinWeeks' | 'durationMaxWeeks'>): { key: string; min: number; max: number } | null {
  const { durationMinWeeks: min, durationMaxWeeks: max } = terms;
  if (min === null || max === null) return null;
  if (max <= 8) return { key: 'terms.duration.weeks', min, max };
  const months = (weeks: number) => Math.max(1, Math.round(weeks / 4.345));
  return { key: 'terms.duration.months', min: months(min), max: months(max) };
}
