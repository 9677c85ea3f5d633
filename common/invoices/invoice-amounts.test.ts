import { describe, expect, it } from 'vitest';
import { splitVat } from './invoice-amounts.ts';

describe('splitVat', () => {
  // The catalogue's prices, a case less the fee of a consultation credited to it, and refunds.
  it.each([
    [1999, 1652, 347],
    [3999, 3305, 694],
    [15000, 12397, 2603],
    [30000, 24793, 5207],
    [45000, 37190, 7810],
    [50000, 41322, 8678],
    [30000 - 3999, 21488, 4513],
    [15000 - 1999, 10745, 2256],
    [11001, 9092, 1909],
    [1, 1, 0],
    [0, 0, 0],
    [-3999, -3305, -694],
    [-12100, -10000, -2100],
  ])('%i cents including IVA are a base of %i and IVA of %i', (total, base, vat) => {
    expect(splitVat(total)).toEqual({ baseCents: base, vatCents: vat });
    expect(base + vat).toBe(total);
  });
});
