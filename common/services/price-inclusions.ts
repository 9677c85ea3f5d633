import type { ExcludedCost, GovernmentFee } from './price-terms.ts';

/** What a price includes and leaves out: the part of a service's terms a payment keeps and its invoice states. */
export type PriceInclusions = { governmentFee: GovernmentFee; excludedCosts: ExcludedCost[] };

/**
 * The catalog keys (namespace `services`) of what a priced service's price includes and excludes,
 * in the order every place shows them: the IVA, the administration's fee, then each excluded cost in
 * the order the service keeps them (the Servicios contract stores them in `excludedCosts`' order).
 * Its own module, importing no values, so the public pages that list them load nothing more.
 */
export function priceTermKeys(terms: PriceInclusions): string[] {
  return ['terms.vat', ...(terms.governmentFee === 'none' ? [] : [`terms.fee.${terms.governmentFee}`]), ...terms.excludedCosts.map((cost) => `terms.excludes.${cost}`)];
}
