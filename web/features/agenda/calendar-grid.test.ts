import { describe, expect, it } from 'vitest';
import { isoDay, monthGrid } from './calendar-grid.ts';

describe('monthGrid', () => {
  it('starts on a Monday and ends on a Sunday, covering the month', () => {
    const days = monthGrid(new Date(2026, 10, 15));
    expect(isoDay(days[0] as Date)).toBe('2026-10-26');
    expect(isoDay(days.at(-1) as Date)).toBe('2026-12-06');
    expect(days).toHaveLength(42);
  });

  it('never needs more than 42 cells, and February 2027 fits in four weeks and a bit', () => {
    for (let month = 0; month < 24; month += 1) expect(monthGrid(new Date(2026, month, 1)).length).toBeLessThanOrEqual(42);
    expect(monthGrid(new Date(2027, 1, 1))).toHaveLength(28);
  });
});
