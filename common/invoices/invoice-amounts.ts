/** The IVA on the firm's professional services; every published price includes it. */
export const vatRatePercent = 21;

/**
 * Splits an amount that includes IVA into its taxable base and its IVA, to the cent: the base is
 * rounded half away from zero and the IVA is the rest, so the two always add up to the amount
 * (a refund's negative amount splits the same way as the positive one).
 */
export function splitVat(totalCents: number): { baseCents: number; vatCents: number } {
  const sign = totalCents < 0 ? -1 : 1;
  const baseCents = sign * Math.round((Math.abs(totalCents) * 100) / (100 + vatRatePercent)) || 0;
  return { baseCents, vatCents: totalCents - baseCents };
}
