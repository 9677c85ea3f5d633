import { describe, expect, it } from 'vitest';
import { formatLongDate } from './long-date.ts';

describe('formatLongDate', () => {
  it('writes the day on the firm clock in each language', () => {
    // 23:30 UTC on 21 November is already the 22nd in Madrid.
    expect(formatLongDate('2026-11-21T23:30:00Z', 'es')).toBe('22 de noviembre de 2026');
    expect(formatLongDate('2026-11-21T23:30:00Z', 'en')).toBe('22 November 2026');
    expect(formatLongDate(new Date('2026-08-01T10:00:00Z'), 'fr')).toBe('1 août 2026');
  });

  it('joins the Spanish year with "de", as Spanish writes it', () => {
    expect(formatLongDate('2026-12-13T10:00:00Z', 'es')).toBe('13 de diciembre de 2026');
  });
});
